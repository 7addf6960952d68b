@testable import BackgroundCommands
import BackgroundRuntime
import Foundation
import TestSupport
import Testing
@testable import TheBackgrounder

/// `wait for TEXT [N]`: a script waits for the app's own line instead of a number of seconds.
@Suite("wait for", .temporaryDirectory)
struct WaitForCommandTests {
    @Test func aLineAlreadyPrintedEndsTheWaitAtOnce() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(await backgrounder.execute(#"wait for "State: inactive → active""#) == .done)
    }

    @Test func itWaitsForTheNthLineThatComesLater() async throws {
        let backgrounder = try makeBackgrounder()
        let console = backgrounder.device.console
        // The waiter only reads the console; the commands alone drive the test device.
        let waiting = Task { await ConsoleWait.lines(containing: "State: background → suspended", count: 2, on: console) }
        #expect(await backgrounder.execute("home") == .done)
        #expect(await backgrounder.execute("open") == .done)
        #expect(await backgrounder.execute("home") == .done)
        #expect(await waiting.value)
        #expect(await backgrounder.execute(#"wait for "State: background → suspended" 2"#) == .done)
        #expect(console.recentMessages.filter { $0 == "State: background → suspended" }.count == 2)
    }

    @Test func aLineThatNeverComesFailsAfterTheLimitNamingIt() async throws {
        let backgrounder = try makeBackgrounder()
        let found = await ConsoleWait.lines(
            containing: "Download finished", count: 1, on: backgrounder.device.console, limit: .milliseconds(50))
        #expect(!found)
        #expect(await backgrounder.execute(#"wait for "x" 0"#) == .failed(.invalidArgument(
            "wait for: \"0\" is not a number of lines from 1 to 10000")))
    }
}
