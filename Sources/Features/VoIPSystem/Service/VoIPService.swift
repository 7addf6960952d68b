import BackgroundSystem
import BackgroundPlatform
import BackgroundWire
import Foundation
import NIOCore
import NIOPosix
import Synchronization
import VoIPWire

/// The system's side of a VoIP app's socket: the connection iOS keeps for a suspended app when
/// it is marked as a VoIP service (`NSStreamNetworkServiceTypeVoIP`).
///
/// The app asks for a connection with ``connect(to:asVoIPService:handler:)`` and gets its
/// events — opened, writable, each line received, closed, errors — on its main executor. The
/// socket lives here, on SwiftNIO, outside the app, so it stays open while the app is
/// suspended:
///
/// - With `voip` in `UIBackgroundModes` and the socket marked as a VoIP service (in the eras
///   that have them, iOS 4 to 9: Technical Q&A QA1938), data wakes the suspended app, which
///   handles it — answering `pong` — and is suspended again.
/// - Otherwise the data waits: the service stops reading, the peer's bytes stay in the kernel,
///   and the events come when the app runs again.
/// - A dead connection (closed, reset, a peer that is gone, or one found half-open by the
///   read-idle timeout) is reported and replaced after an exponential backoff with full jitter.
/// - When the app's process ends its socket closes; if the app crashed or the system ended it,
///   a VoIP app is relaunched in the background (``LaunchReason/voip``) to connect again.
///
/// Every deadline (connect timeout, idle check, backoff) is a timer on the device's loop, and
/// every report from NIO's threads is handled on that loop, so a manual device drives it all.
public final class VoIPService: Sendable {
    public let device: Device
    public let configuration: VoIPConfiguration
    private let chosenGroup: (any EventLoopGroup)?
    let state: Mutex<VoIPServiceState>
    /// The service's end of the socket's channel.
    let host: ServiceHost<VoIPMessages>
    private let endpointFile: URL?

    /// - Parameters:
    ///   - endpointFile: where the endpoint the app last connected to is kept, as the app's
    ///     preferences would keep it, for a relaunch; nil keeps it in memory only.
    ///   - group: the event loops of the sockets; SwiftNIO's shared ones, started at the first
    ///     connection, by default.
    public init(
        device: Device,
        configuration: VoIPConfiguration = VoIPConfiguration(),
        endpointFile: URL? = nil,
        group: (any EventLoopGroup)? = nil
    ) {
        self.device = device
        self.configuration = configuration
        self.endpointFile = endpointFile
        chosenGroup = group
        var initial = VoIPServiceState(random: SeededRandom(seed: configuration.randomSeed ?? .random(in: .min ... .max)))
        initial.savedEndpoint = Self.readEndpoint(from: endpointFile, console: device.console)
        state = Mutex(initial)
        host = ServiceHost(device: device)
        device.publish(initial.status(now: device.loop.now), for: .voipConnection)
        device.observers.observeStateChanges { [weak self] change in self?.appStateChanged(change) }
        host.answerCalls { [weak self] call in self?.answer(call) }
    }

    // MARK: The app's side

    /// Opens a connection to `endpoint` for the app's ``VoIPSocket``, replacing the one opened
    /// before, if any; the new session's number.
    ///
    /// - Parameter asVoIPService: marks the socket as a VoIP service, so that its data wakes
    ///   the suspended app (the tutorial's `NSStreamNetworkServiceTypeVoIP`).
    @discardableResult
    func connect(to endpoint: VoIPEndpoint, asVoIPService: Bool) -> Int {
        let (old, session) = mutate { state in
            let old = state.endSession(on: device.loop)
            let session = state.nextSessionID
            state.session = VoIPSession(id: session, endpoint: endpoint, isVoIPService: asVoIPService)
            state.nextSessionID += 1
            state.totals.failuresInARow = 0
            state.savedEndpoint = endpoint
            return (old, session)
        }
        old?.close()
        save(endpoint)
        startAttempt()
        return session
    }

    /// Closes the connection; no more events come and no reconnection is tried.
    public func disconnect() {
        let connection = mutate { $0.endSession(on: device.loop) }
        connection?.close()
    }

    /// Sends `line` and a newline on the open connection.
    ///
    /// - Throws: ``VoIPError/notConnected`` when no connection is open,
    ///   ``VoIPError/lineBreakInLine`` when `line` holds a line break.
    public func send(_ line: String) throws(VoIPError) {
        guard !line.contains(where: \.isNewline) else { throw .lineBreakInLine }
        let channel = mutate { state -> (any Channel)? in
            guard case .connected(_, .channel(let channel), _) = state.phase else { return nil }
            state.totals.linesSent += 1
            state.totals.bytesSent += line.utf8.count + 1
            return channel
        }
        guard let channel else { throw .notConnected }
        device.energy.recordNetwork(bytes: line.utf8.count + 1)
        var buffer = channel.allocator.buffer(capacity: line.utf8.count + 1)
        buffer.writeString(line)
        buffer.writeInteger(UInt8(ascii: "\n"))
        channel.writeAndFlush(buffer, promise: nil)
    }

    /// The socket as the system sees it now.
    public var status: VoIPConnectionStatus {
        let (status, watch) = state.withLock { ($0.status(now: device.loop.now), $0.phase.watchOfAppOwnedSocket) }
        // What a socket the app's own process reads and writes has carried (``SocketTraffic``);
        // added to the totals once it closes.
        guard let watch else { return status }
        var live = status
        watch.traffic.add(to: &live)
        return live
    }

    /// Where the app's data directory keeps the endpoint it last connected to.
    public static func endpointFile(inDataDirectory directory: URL) -> URL {
        directory.appendingPathComponent("voip-endpoint.json")
    }

    /// The endpoint the app last connected to, for reconnecting after a relaunch.
    public var savedEndpoint: VoIPEndpoint? {
        state.withLock { $0.savedEndpoint }
    }

    // MARK: Helpers

    /// The event loops of the sockets.
    var group: any EventLoopGroup {
        chosenGroup ?? MultiThreadedEventLoopGroup.singleton
    }

    /// Changes the service's state under its lock; then, if the socket's status changed,
    /// publishes it for `status` (``ScreenFact/voipConnection``), outside the lock.
    func mutate<T>(_ body: (inout VoIPServiceState) -> T) -> T {
        let now = device.loop.now
        let (result, changed) = state.withLock { state -> (T, VoIPConnectionStatus?) in
            let before = state.status(now: now)
            let result = body(&state)
            let after = state.status(now: now)
            return (result, after == before ? nil : after)
        }
        if let changed { device.publish(changed, for: .voipConnection) }
        return result
    }

    /// Runs `job` on the device's loop: the system's thread, or a test device's driver.
    func onSystemLoop(_ job: @escaping @Sendable () -> Void) {
        device.loop.schedule(after: .zero, job)
    }

    private func save(_ endpoint: VoIPEndpoint) {
        guard let endpointFile else { return }
        do {
            try JSONEncoder().encode(endpoint).write(to: endpointFile, options: .atomic)
        } catch {
            device.console.log("VoIP: could not save the endpoint in \(endpointFile.path): \(error.localizedDescription)")
        }
    }

    private static func readEndpoint(from file: URL?, console: Console) -> VoIPEndpoint? {
        guard let file, FileManager.default.fileExists(atPath: file.path) else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        guard size <= 4_096 else {
            console.log("VoIP: ignoring the saved endpoint in \(file.path): \(size) bytes is too large for one")
            return nil
        }
        do {
            return try JSONDecoder().decode(VoIPEndpoint.self, from: Data(contentsOf: file))
        } catch {
            console.log("VoIP: ignoring the saved endpoint in \(file.path): \(error)")
            return nil
        }
    }
}
