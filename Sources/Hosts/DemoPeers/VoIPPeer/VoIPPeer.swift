import BackgroundRuntime
import NIOCore
import NIOPosix
import Synchronization

/// A line server for the VoIP screen to talk to, like the tutorial's `nc -l 10000`: lines
/// given to ``send(_:)`` go to the connected clients, and their lines come back as
/// ``VoIPPeerEvent``s. Unlike `nc -l`, it keeps listening after a client leaves, so a client
/// that reconnects finds it again. `backgrounder voip-peer` is it on a terminal.
public final class VoIPPeer: Sendable {
    /// The longest line accepted from a client, in bytes.
    public let lineLimit: Int
    private let group: any EventLoopGroup
    private let onEvent: @Sendable (VoIPPeerEvent) -> Void
    private let state = Mutex<(server: (any Channel)?, clients: [ObjectIdentifier: any Channel])>((nil, [:]))

    /// - Parameter onEvent: called on a SwiftNIO thread for each event, in order per client.
    public init(
        lineLimit: Int = 65_536,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        onEvent: @escaping @Sendable (VoIPPeerEvent) -> Void
    ) {
        self.lineLimit = lineLimit
        self.group = group
        self.onEvent = onEvent
    }

    /// Listens on `host`:`port` (port 0 picks a free one); returns the port.
    public func start(host: String = "127.0.0.1", port: Int = 10_000) async throws -> Int {
        let lineLimit = self.lineLimit
        let onEvent = self.onEvent
        let connected: @Sendable (any Channel) -> Void = { [weak self] channel in
            self?.state.withLock { $0.clients[ObjectIdentifier(channel)] = channel }
        }
        let disconnected: @Sendable (any Channel) -> Void = { [weak self] channel in
            _ = self?.state.withLock { $0.clients.removeValue(forKey: ObjectIdentifier(channel)) }
        }
        let server = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                connected(channel)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(VoIPPeerHandler(
                        lineLimit: lineLimit, report: onEvent, disconnected: disconnected))
                }
            }
            .bind(host: host, port: port)
            .get()
        state.withLock { $0.server = server }
        return server.localAddress?.port ?? port
    }

    /// How many clients are connected.
    public var clientCount: Int { state.withLock { $0.clients.count } }

    /// Sends `line` and a newline to every connected client; returns how many it went to.
    @discardableResult
    public func send(_ line: String) -> Int {
        let clients = state.withLock { Array($0.clients.values) }
        for client in clients {
            var buffer = client.allocator.buffer(capacity: line.utf8.count + 1)
            buffer.writeString(line)
            buffer.writeInteger(UInt8(ascii: "\n"))
            client.writeAndFlush(buffer, promise: nil)
        }
        return clients.count
    }

    /// Sends raw bytes to every connected client, for tests of framing and garbage.
    @discardableResult
    public func sendBytes(_ bytes: [UInt8]) -> Int {
        let clients = state.withLock { Array($0.clients.values) }
        for client in clients { client.writeAndFlush(client.allocator.buffer(bytes: bytes), promise: nil) }
        return clients.count
    }

    /// Resets every client's connection (a TCP RST, as a peer that crashed or rebooted would).
    public func resetClients() async {
        let clients = state.withLock { Array($0.clients.values) }
        for client in clients {
            try? await (client as? any SocketOptionProvider)?.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
            try? await client.close().get()
        }
    }

    deinit {
        let (server, clients) = state.withLock { ($0.server, Array($0.clients.values)) }
        server?.close(promise: nil)
        for client in clients { client.close(promise: nil) }
    }

    /// Stops listening and closes every connection.
    public func stop() async {
        let (server, clients) = state.withLock { state in
            defer { state = (nil, [:]) }
            return (state.server, Array(state.clients.values))
        }
        try? await server?.close().get()
        for client in clients { try? await client.close().get() }
    }
}
