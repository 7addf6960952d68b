import NIOCore
import TestSupport

/// A GPS receiver on a TCP port of loopback: whoever connects gets a log's sentences, one each
/// `cycle`, and then the connection stays open and silent, as a receiver that lost its fix.
final class NMEAFeed: Sendable {
    private let server: LoopbackServer

    var port: Int { server.port }

    init(sentences: [String], cycle: Duration) async throws {
        server = try await LoopbackServer { connection in
            try await connection.executeThenClose { _, outbound in
                for sentence in sentences {
                    try await outbound.write(ByteBuffer(string: sentence + "\r\n"))
                    try await Task.sleep(for: cycle)
                }
                try await Task.sleep(for: .seconds(3_600))
            }
        }
    }

    /// Closes the port and every connection.
    func stop() async {
        await server.stop()
    }
}
