import BackgroundRuntime
import Foundation
import TestSupport
import Testing
import TheBackgrounder

@Suite("Quitting", .temporaryDirectory)
struct QuitTests {
    /// The process exits as soon as `quit` returns: a console line still waiting for a slow
    /// output then would be lost.
    @Test func quitReturnsOnceEveryConsoleLineReachedTheOutput() async throws {
        let output = SlowConsoleOutput(pause: .milliseconds(20))
        let backgrounder = Backgrounder.onTestDevice(Configuration(
            infoPlist: try BundledResources.infoPlist(),
            dataDirectory: TestTemporaryDirectory.make("backgrounder-quit"),
            consoleOutput: { output.write($0) }))
        backgrounder.start()
        for number in 1...10 { backgrounder.device.console.log("Line \(number)") }
        await backgrounder.quit()
        let lines = output.lines
        #expect(lines.contains { $0.hasSuffix("Line 10") })
        #expect(lines.last?.hasSuffix("Exit reason: normal (iOS 10 has no MetricKit exit counts; from iOS 14 it counts this in MXForegroundExitData.cumulativeNormalAppExitCount)") == true, "\(lines.suffix(3))")
    }
}
