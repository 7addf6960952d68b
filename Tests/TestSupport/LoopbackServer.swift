import NIOCore
import NIOPosix
import Synchronization

/// A TCP server on a port of 127.0.0.1 that the kernel picks: each connection is handed to
/// `serve` in a task of its own, until ``stop()``. Tests make peers of it that behave as they
/// script (a lying HTTP server, a GPS receiver).
public final class LoopbackServer: Sendable {
    public let port: Int
    private let task: Mutex<Task<Void, Never>?>

    public init(serve: @escaping @Sendable (NIOAsyncChannel<ByteBuffer, ByteBuffer>) async throws -> Void) async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { child in
                child.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: child)
                }
            }
        port = server.channel.localAddress!.port!
        task = Mutex(Task {
            try? await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { inbound in
                    for try await connection in inbound {
                        group.addTask { try? await serve(connection) }
                    }
                }
            }
        })
    }

    /// Closes the port and every connection; returns once they are closed.
    public func stop() async {
        let running = task.withLock { $0 }
        running?.cancel()
        await running?.value
    }
}
