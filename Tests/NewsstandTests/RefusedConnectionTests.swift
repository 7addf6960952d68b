import BackgroundRuntime
import Foundation
import Newsstand
import TestSupport
import Testing
@testable import TheBackgrounder

/// A download to an address where nothing listens fails within seconds, each line naming the
/// refused connection, instead of showing "downloading 0 bytes" through minutes of retries.
@Suite("A download to a port nothing listens on", .temporaryDirectory)
struct RefusedConnectionTests {
    @Test func failsAfterTwoQuickRetriesNamingTheRefusedConnection() async throws {
        let backgrounder = makeBackgrounder()
        let (port, socket) = refusingPort()
        defer { socket.close() }
        let log = DownloadLog()
        backgrounder.download("http://127.0.0.1:\(port)/issue.pdf", into: "refused", log: log)
        await backgrounder.pump(step: .seconds(1)) { log.outcome != nil }
        let refused = "the connection to 127.0.0.1:\(port) was refused: nothing listens there"
        #expect(log.outcome == "fail gave up after 3 attempts: \(refused)")
        #expect(backgrounder.messages.filter { $0.hasPrefix("Newsstand: \(refused); retrying in ") } == [
            "Newsstand: \(refused); retrying in 1 s (retry 1 of 2)",
            "Newsstand: \(refused); retrying in 2 s (retry 2 of 2)",
        ])
        // Two quick retries (1 s and 2 s, above) and the end: not the minutes of the retries of
        // a network error. (The device's time it took also counts the real connects' refusals,
        // which a loaded machine makes slow, so it is not bounded here.)
        let line = backgrounder.issue("refused")?.line ?? "no issue"
        #expect(!line.contains("downloading"), "\(line)")
    }
}
