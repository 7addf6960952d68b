import DemoPeers
import Foundation
import TestSupport
import Testing
@testable import Newsstand

@Suite("kill -9 halfway, then a relaunch", .serialized)
struct KillTests {
    /// The largest percentage `newsstand list` printed for issue test.
    func percent(in output: String) -> Int {
        output.matches(of: #/test  \d{4}-\d{2}-\d{2}  downloading  (\d+)%/#).compactMap { Int($0.output.1) }.max() ?? 0
    }

    @Test func theRelaunchFinishesTheSameFileByteForByteWithoutStartingOver() async throws {
        let data = temporaryDirectory("kill")
        let port = freePort()
        let arguments = [
            "run", "--headless", "--data-dir", data.path, "--content-port", String(port), "--content-rate", "8MB/s",
        ]
        let first = try ChildBackgrounder(arguments)
        try waitForPort(port)
        first.send("newsstand download")
        first.send("home")
        let halfway = await first.repeatSending("newsstand list") { percent(in: $0) >= 30 }
        #expect(halfway, "no progress: \(first.output.suffix(2_000))")
        first.killNine()
        #expect(first.output.contains("App is backgrounded. Progress = "))

        let second = try ChildBackgrounder(arguments)
        let finished = await second.repeatSending("newsstand list") { $0.contains("test  ") && $0.contains("available") }
        #expect(finished, "not finished: \(second.output.suffix(2_000))")
        second.quit()
        let resumed = try #require(second.output.firstMatch(
            of: #/Newsstand: resuming http://127\.0\.0\.1:\d+/issues/the-backgrounder-2013\.pdf for issue test at byte (\d+) /#))
        #expect(Int(resumed.output.1)! >= 4_000_000, "resumed at byte \(resumed.output.1)")
        #expect(!second.output.contains("restarting from zero"))

        let stored = data.appendingPathComponent("newsstand/Issues/test/the-backgrounder-2013.pdf")
        let expected = temporaryDirectory().appendingPathComponent("issue.pdf")
        let issue = IssuePDF()
        try Data(issue.bytes(in: 0..<issue.count)).write(to: expected)
        #expect(try sha256(of: stored) == sha256(of: expected))
    }
}
