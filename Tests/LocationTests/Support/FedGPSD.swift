import Foundation
import TestSupport

/// A real gpsd (Debian's) on a free loopback port, whose receiver is an NMEA log the test plays
/// over TCP (``NMEAFeed``), all of it at once: gpsd reports each of its epochs in turn.
///
/// gpsd opens its receiver only when a client first watches, so the log starts then: however
/// late a busy machine lets the client connect, it misses no sentence.
final class FedGPSD {
    let port: Int
    private let feed: NMEAFeed
    private let gpsd: InteractiveProcess

    /// Whether gpsd is installed here.
    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd")
    }

    /// Starts gpsd on the sentences of `log`, given once a client watches, and returns once it
    /// listens.
    init(log: URL) async throws {
        let sentences = try String(contentsOf: log, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        feed = try await NMEAFeed(sentences: sentences)
        port = freePort()
        gpsd = try InteractiveProcess("/usr/sbin/gpsd", ["-N", "-p", "-S", String(port), "tcp://127.0.0.1:\(feed.port)"])
        let listens = await waitUntil { isListening(port: self.port) || self.gpsd.termination != nil }
        guard listens, gpsd.termination == nil else {
            stop()
            throw NotReady(port: port, output: output)
        }
    }

    /// What gpsd said, to tell why no fix came.
    var output: String { gpsd.stdout + gpsd.stderr }

    func stop() {
        gpsd.stop()
        let feed = self.feed
        Task { await feed.stop() }
    }

    deinit { stop() }

    /// gpsd did not listen in time.
    struct NotReady: Error {
        let port: Int
        let output: String
    }
}
