import BackgroundRuntime

/// The app's side of its VoIP socket (the tutorial's stream pair): it asks the system's
/// ``VoIPService``, which owns the socket and keeps it while the app is suspended, through
/// the service's messages (``VoIPMessages``) — so it works the same with the app in the system's process and in
/// its own (`--isolation process`), where the kernel freezes the app between the socket's
/// wake-ups.
///
/// Events come on the app's main executor. Make one per launch; a new launch's socket learns
/// the endpoint the app last used from ``savedEndpoint``.
@AppMain
public final class VoIPSocket {
    private let client: ServiceClient<VoIPMessages>
    private var session: Int?
    private var handler: (@AppMain @Sendable (VoIPStreamEvent) -> Void)?

    public init(application: Application) {
        client = ServiceClient(application: application)
        client.receive { [weak self] batch in self?.receive(batch) }
    }

    /// Opens a connection to `endpoint`, replacing the one opened before; `handler` gets its events.
    ///
    /// - Parameter asVoIPService: marks the socket as a VoIP service, so that its data wakes
    ///   the suspended app (`NSStreamNetworkServiceTypeVoIP`).
    public func connect(
        to endpoint: VoIPEndpoint, asVoIPService: Bool = true,
        handler: @escaping @AppMain @Sendable (VoIPStreamEvent) -> Void
    ) {
        self.handler = handler
        session = call(.connect(endpoint, asVoIPService: asVoIPService), answer: Int.self)
    }

    /// Closes the connection; no more events come.
    public func disconnect() {
        session = nil
        handler = nil
        tell(.disconnect)
    }

    /// Sends `line` and a newline on the open connection, without waiting: as a write to a TCP
    /// socket returns once the kernel has the bytes, a line sent after the connection dropped,
    /// before the app's handler heard of it (``VoIPStreamEvent/failed(_:)`` or
    /// ``VoIPStreamEvent/closed``), is lost.
    ///
    /// - Throws: ``VoIPError/notConnected`` when no connection is open,
    ///   ``VoIPError/lineBreakInLine`` when `line` holds a line break.
    public func send(_ line: String) throws(VoIPError) {
        guard !line.contains(where: \.isNewline) else { throw .lineBreakInLine }
        guard session != nil else { throw .notConnected }
        tell(.send(line))
    }

    /// The connection's state as the system sees it now.
    public var state: VoIPConnectionStatus.State {
        call(.state, answer: VoIPConnectionStatus.State.self) ?? .disconnected
    }

    /// The endpoint the app last connected to, for connecting again after a relaunch.
    public var savedEndpoint: VoIPEndpoint? {
        call(.savedEndpoint, answer: VoIPEndpoint.self)
    }

    private func call<Answer: Codable & Sendable>(_ call: VoIPServiceCall, answer: Answer.Type) -> Answer? {
        client.call(call, answer: answer)
    }

    private func tell(_ call: VoIPServiceCall) {
        client.tell(call)
    }

    private func receive(_ batch: VoIPEventBatch) {
        // The events of a session the app has since replaced or closed are not its any more.
        if batch.session == session, let handler {
            for event in batch.events { handler(event) }
        }
        tell(.handled(session: batch.session, count: batch.events.count))
    }
}
