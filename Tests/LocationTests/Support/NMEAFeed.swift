import NIOCore
import NIOPosix

/// A GPS receiver on a TCP port of loopback: whoever connects gets a log's sentences in one
/// write, as a receiver's buffer that the reader drains at once, and then the connection stays
/// open and silent, as a receiver that lost its fix.
///
/// It runs on NIO's event loops alone, never on Swift's shared pool of tasks: there the suite's
/// hundreds of tests take turns, and a feed that waited for its turn reached gpsd a minute late.
final class NMEAFeed: Sendable {
    private let listener: any Channel

    var port: Int { listener.localAddress?.port ?? 0 }

    init(sentences: [String]) async throws {
        let log = sentences.map { $0 + "\r\n" }.joined()
        listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.addHandler(NMEALogWriter(log: log))
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
    }

    /// Closes the port; the connections it accepted end with gpsd.
    func stop() async {
        try? await listener.close()
    }
}
