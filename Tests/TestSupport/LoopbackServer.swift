import NIOCore
import NIOPosix
import Synchronization

/// A TCP server on a port of 127.0.0.1 that the kernel picks: each connection is handed to
/// `serve` in a task of its own, until ``stop()``. Tests make peers of it that behave as they
/// script (a lying HTTP server, a GPS receiver).
public final class LoopbackServer: Sendable {
    public let port: Int
    private let listener: any Channel
    private let task: Task<Void, Never>
    private let unclaimed: UnclaimedConnections

    public init(serve: @escaping @Sendable (NIOAsyncChannel<ByteBuffer, ByteBuffer>) async throws -> Void) async throws {
        let unclaimed = UnclaimedConnections()
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { child in
                child.eventLoop.makeCompletedFuture {
                    let connection = try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: child)
                    return unclaimed.add(connection, of: child)
                }
            }
        port = server.channel.localAddress!.port!
        listener = server.channel
        self.unclaimed = unclaimed
        task = Task {
            try? await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { inbound in
                    for try await id in inbound {
                        guard let connection = unclaimed.claim(id) else { continue }
                        group.addTask { try? await serve(connection) }
                    }
                }
                // The port is closed: the connections still open end now.
                group.cancelAll()
            }
        }
    }

    /// Closes the port, then every connection; returns once they are closed.
    public func stop() async {
        try? await listener.close()
        await task.value
        // A connection accepted as the port closed may never have reached the loop above; NIO
        // traps on one that is dropped without being closed, so it is closed here.
        for connection in unclaimed.takeAll() {
            try? await connection.executeThenClose { _, _ in }
        }
    }
}
