import NIOCore
import TestSupport

/// A GPS receiver on a TCP port of loopback: whoever connects gets a log's sentences in one
/// write, as a receiver's buffer that the reader drains at once, and then the connection stays
/// open and silent, as a receiver that lost its fix.
///
/// The sentences go out together so that none waits for a test task's turn: on a machine whose
/// threads are all busy, a feed paced by sleeping tasks reached gpsd a minute late.
final class NMEAFeed: Sendable {
    private let server: LoopbackServer

    var port: Int { server.port }

    init(sentences: [String]) async throws {
        let log = sentences.map { $0 + "\r\n" }.joined()
        server = try await LoopbackServer { connection in
            try await connection.executeThenClose { _, outbound in
                try await outbound.write(ByteBuffer(string: log))
                try await Task.sleep(for: .seconds(3_600))
            }
        }
    }

    /// Closes the port and every connection.
    func stop() async {
        await server.stop()
    }
}
