import NIOCore
import NIOPosix
import Synchronization

/// A GPS receiver on a TCP port of loopback: whoever connects gets a log's sentences, one each
/// `cycle`, and then the connection stays open and silent, as a receiver that lost its fix.
final class NMEAFeed: Sendable {
    let port: Int
    private let task: Mutex<Task<Void, Never>?>

    init(sentences: [String], cycle: Duration) async throws {
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
                        group.addTask { try? await Self.play(sentences, cycle: cycle, to: connection) }
                    }
                }
            }
        })
    }

    private static func play(
        _ sentences: [String], cycle: Duration, to connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>
    ) async throws {
        try await connection.executeThenClose { _, outbound in
            for sentence in sentences {
                try await outbound.write(ByteBuffer(string: sentence + "\r\n"))
                try await Task.sleep(for: cycle)
            }
            try await Task.sleep(for: .seconds(3_600))
        }
    }

    /// Closes the port and every connection.
    func stop() {
        task.withLock { $0 }?.cancel()
    }
}
