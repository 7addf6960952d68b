import BackgroundApp
import BackgroundPlatform
import BackgroundWire
import Glibc
import VoIPWire

/// The app's side of its VoIP socket (the tutorial's stream pair): it asks the system's
/// ``VoIPService`` to connect, through the service's messages (``VoIPMessages``), and gets the
/// connection's events. With the app in its own process (`--isolation process`, where the
/// kernel freezes the app between the socket's wake-ups) the app owns the connected socket, as
/// on iOS: the service hands its descriptor over and the app reads and writes it itself
/// (``AppOwnedSocket``), the service only watching it while the app is suspended. With the app
/// in the system's process the service reads and writes the socket for it.
///
/// Events come on the app's main executor. Make one per launch; a new launch's socket learns
/// the endpoint the app last used from ``savedEndpoint``.
@AppMain
public final class VoIPSocket {
    private let client: ServiceClient<VoIPMessages>
    private var session: Int?
    private var handler: (@AppMain @Sendable (VoIPStreamEvent) -> Void)?
    /// The connection the app's own process owns, once the service handed it over.
    private var owned: AppOwnedSocket?
    /// The counters for the traffic of the socket the service hands over next, and its session.
    private var trafficCounters: (session: Int, counters: SharedCounters)?

    public init(application: Application) {
        client = ServiceClient(application: application)
        client.receive(withDescriptors: { [weak self] event, descriptor in
            guard let self else {
                if let descriptor { Glibc.close(descriptor.value) }
                return
            }
            receive(event, descriptor: descriptor)
        })
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
        closeOwned()
        session = call(.connect(endpoint, asVoIPService: asVoIPService), answer: Int.self)
    }

    /// Closes the connection; no more events come.
    public func disconnect() {
        session = nil
        handler = nil
        closeOwned()
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
        if let owned { return owned.send(line) }
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

    private func receive(_ event: VoIPServiceEvent, descriptor: PassedDescriptor?) {
        switch event {
        case .events(let batch):
            receive(batch)
        case .trafficCounters(let id):
            trafficCounters = descriptor
                .flatMap { SharedCounters(mapping: $0.value, count: SocketTraffic.counterCount) }
                .map { (id, $0) }
        case .socket(let id, let endpoint, let lineLimit):
            guard let descriptor else {
                let error = VoIPError.connectionLost(endpoint, reason: "its descriptor did not come to the app's process")
                if id == session { handler?(.failed(error)) }
                return tell(.ended(session: id, error: error))
            }
            guard id == session, let handler else {
                Glibc.close(descriptor.value)
                return
            }
            closeOwned()
            let counters = trafficCounters?.session == id ? trafficCounters?.counters : nil
            trafficCounters = nil
            owned = AppOwnedSocket(
                descriptor: descriptor.value, session: id, endpoint: endpoint, lineLimit: lineLimit, traffic: counters,
                handle: { [weak self] event in if self?.session == id { self?.handler?(event) } },
                ended: { [weak self] error in self?.tell(.ended(session: id, error: error)) },
                faulted: { [weak self] count, last in self?.tell(.streamErrors(session: id, count: count, last: last)) })
            if counters == nil { tell(.uncounted(session: id)) }
            handler(.opened)
            handler(.writable)
        case .readable(let id):
            if owned?.session == id { owned?.readAvailable() }
        }
    }

    private func closeOwned() {
        owned?.close()
        owned = nil
    }

    private func receive(_ batch: VoIPEventBatch) {
        // The service presumed the socket the app owns dead: the app closes its end.
        if owned?.session == batch.session, batch.events.contains(where: \.endsOwnedSocket) { closeOwned() }
        // The events of a session the app has since replaced or closed are not its any more.
        if batch.session == session, let handler {
            for event in batch.events { handler(event) }
        }
        tell(.handled(session: batch.session, count: batch.events.count))
    }
}
