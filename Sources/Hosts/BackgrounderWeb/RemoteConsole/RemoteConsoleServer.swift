import BackgroundRuntime
import NIOCore
import NIOPosix
import Synchronization

/// The remote console: follows the device's console from another terminal or machine, like
/// viewing an iPhone's console over the network with a pairing record.
///
/// A line protocol over TCP (default 127.0.0.1:8082). The client sends `PAIR <token>` (see
/// ``ConsoleHandshake``) within ``RemoteConsoleSettings/handshakeTimeout``; the server answers
/// `OK <process>[<pid>]` and streams console lines as printed, or `ERROR <reason>` and closes.
/// The token is compared in constant time; an address that fails
/// ``RemoteConsoleSettings/maxFailures`` times within ``RemoteConsoleSettings/failureWindow`` is
/// refused until the window has passed. Both deadlines run on the device's clock.
public final class RemoteConsoleServer: Sendable {
    /// The address it listens on, with the port it got.
    public let address: ListenAddress
    private let device: Device
    private let token: PairingToken
    private let settings: RemoteConsoleSettings
    private let limiter: Mutex<AttemptLimiter>
    private let connections = Atomic<Int>(0)
    private let listener: any Channel
    private let acceptLoop = Mutex<Task<Void, Never>?>(nil)

    private typealias Connection = NIOAsyncChannel<ByteBuffer, ByteBuffer>

    /// Starts listening on `address` (port 0 picks a free port).
    public static func start(
        device: Device, token: PairingToken, address: ListenAddress, settings: RemoteConsoleSettings = .init()
    ) async throws(RemoteConsoleError) -> RemoteConsoleServer {
        let server: NIOAsyncChannel<Connection, Never>
        do {
            server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.backlog, value: 64)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: address.host, port: address.port) { channel in
                    channel.eventLoop.makeCompletedFuture { try Connection(wrappingChannelSynchronously: channel) }
                }
        } catch {
            throw .cannotListen(address, reason: "\(error)")
        }
        let bound = ListenAddress(host: address.host, port: server.channel.localAddress?.port ?? address.port)
        let console = RemoteConsoleServer(device: device, token: token, address: bound, settings: settings, listener: server.channel)
        console.acceptLoop.withLock { $0 = Task { await console.accept(from: server) } }
        return console
    }

    private init(device: Device, token: PairingToken, address: ListenAddress, settings: RemoteConsoleSettings, listener: any Channel) {
        self.device = device
        self.token = token
        self.address = address
        self.settings = settings
        self.listener = listener
        limiter = Mutex(AttemptLimiter(maxFailures: settings.maxFailures, window: settings.failureWindow))
    }

    /// Stops listening and ends every client's connection.
    public func stop() async {
        listener.close(promise: nil)
        let task = acceptLoop.withLock { $0 }
        task?.cancel()
        await task?.value
    }

    /// How many clients are connected now.
    public var connectedClients: Int { connections.load(ordering: .relaxed) }

    private func accept(from server: NIOAsyncChannel<Connection, Never>) async {
        await withDiscardingTaskGroup { group in
            do {
                try await server.executeThenClose { inbound in
                    for try await connection in inbound {
                        group.addTask { await self.serve(connection) }
                    }
                }
            } catch where !Task.isCancelled && !(error is CancellationError) {
                // The listener ended on an error, not by stop(): say so, as a closed port would not.
                device.console.log("Remote console: stopped listening on \(address): \(error)")
            } catch {}
        }
    }

    private func serve(_ connection: Connection) async {
        let channel = connection.channel
        let peer = channel.remoteAddress
        let host = peer?.ipAddress ?? "unknown"
        let peerName = "\(host):\(peer?.port ?? 0)"
        let deadline = device.loop.schedule(after: settings.handshakeTimeout) { channel.close(promise: nil) }
        defer { device.loop.cancel(deadline) }
        let admitted = connections.add(1, ordering: .relaxed).newValue <= settings.maxConnections
        defer { connections.subtract(1, ordering: .relaxed) }
        try? await connection.executeThenClose { inbound, outbound in
            func answer(_ line: String) async throws { try await outbound.write(ByteBuffer(string: line + "\n")) }
            guard admitted else {
                try await answer("ERROR too many console clients (\(settings.maxConnections)); try again later")
                return
            }
            if let wait = limiter.withLock({ $0.waitTime(for: host, now: device.now) }) {
                let seconds = Int(wait.seconds.rounded(.up))
                try await answer("ERROR too many failed pairing attempts from \(host); try again in \(seconds) s")
                return
            }
            let handshake: ConsoleHandshake
            do {
                guard let line = try await Self.firstLine(of: inbound) else { return }
                device.loop.cancel(deadline)
                handshake = try ConsoleHandshake(parsing: line)
            } catch {
                try await refuse(peerName, host: host, reason: "\(error)", answer: answer)
                return
            }
            guard token.matches(handshake.token) else {
                try await refuse(peerName, host: host, reason: "wrong pairing token", answer: answer)
                return
            }
            let lines = follow(recent: handshake.recent)
            device.console.log("Remote console: \(peerName) paired")
            try await answer("OK \(device.console.process)[\(device.console.pid)]")
            try await stream(lines, to: outbound, until: channel)
        }
    }

    /// Counts a failed attempt, says so in the console, and tells the client.
    private func refuse(
        _ peerName: String, host: String, reason: String, answer: (String) async throws -> Void
    ) async throws {
        limiter.withLock { $0.recordFailure(by: host, now: device.now) }
        device.console.log("Remote console: refused \(peerName): \(reason)")
        try await answer("ERROR \(reason)")
    }

    /// The client's first line; nil if it hung up (or the handshake timed out) first.
    private static func firstLine(of inbound: NIOAsyncChannelInboundStream<ByteBuffer>) async throws -> String? {
        var framer = LineFramer(limit: 512)
        for try await bytes in inbound {
            switch framer.append(bytes.readableBytesView).first {
            case .line(let line): return line
            case .tooLong: throw ConsoleProtocolError("the first line is longer than 512 bytes")
            case .invalidUTF8: throw ConsoleProtocolError("the first line is not UTF-8")
            case nil: continue
            }
        }
        return nil
    }

    /// The console from the `recent` lines it kept on: those, then every new line.
    private func follow(recent: Int) -> AsyncStream<ConsoleLine> {
        let kept = device.console.recentLines
        let after = kept.count > recent ? kept[kept.count - recent - 1].sequence : 0
        return device.console.follow(after: after, buffer: settings.followBuffer)
    }

    /// Sends `lines` until the client hangs up or the console ends.
    private func stream(
        _ lines: AsyncStream<ConsoleLine>, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, until channel: any Channel
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await channel.closeFuture.get() }
            group.addTask {
                for await line in lines {
                    try await outbound.write(ByteBuffer(string: line.formatted + "\n"))
                }
            }
            defer { channel.close(promise: nil) }
            _ = try await group.next()
            group.cancelAll()
        }
    }
}
