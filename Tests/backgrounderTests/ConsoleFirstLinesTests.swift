import Foundation
import TestSupport
import Testing

/// The console's first lines: with a web UI, its URL first, as the README's quick start shows;
/// the device's boot lines (`Isolation: …`) after it, unchanged.
@Suite("The console's first lines", .temporaryDirectory)
struct ConsoleFirstLinesTests {
    @Test func theWebUIsLineComesFirst() async throws {
        let app = try InteractiveProcess(backgrounderPath, [
            "run", "--data-dir", temporaryDataDirectory(), "--port", "0", "--content-port", "0", "--push-port", "0",
            "--console-listen", "127.0.0.1:0",
        ])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("State: inactive → active") }, "\(app.stdout)")
        let lines = messages(app.stdoutLines)
        #expect(lines.first?.hasPrefix("Web UI: http://127.0.0.1:") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("Isolation: ") == true, "the boot lines follow, unchanged: \(lines)")
        app.send(SIGTERM)
        #expect(await app.waitForExit() == 0)
    }

    @Test func headlessTheIsolationLinesStillComeFirst() async throws {
        let run = try await runBackgrounder(headlessRun(), input: "quit\n")
        #expect(messages(run.stdout.split(separator: "\n").map(String.init)).first?.hasPrefix("Isolation: ") == true, "\(run.stdout)")
    }
}
