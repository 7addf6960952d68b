import Foundation
import TestSupport
import Testing

/// The remote console's line names a `pair` command that works: the binary's path when it was
/// started by its path (`scripts/run`, `swift run`), its name when the shell found it on the PATH.
@Suite("The remote console line's pair command", .temporaryDirectory)
struct PairHintTests {
    @Test func theRemoteConsoleLineNamesTheBinarysPathWhenItIsNotOnThePath() async throws {
        let port = freePort()
        let run = try await runBackgrounder(headlessRun(["--console-listen", "127.0.0.1:\(port)"]), input: "quit\n")
        let path = URL(fileURLWithPath: backgrounderPath).standardizedFileURL.path
        #expect(messages(run.stdout.split(separator: "\n").map(String.init)).contains(
            "Remote console: listening on 127.0.0.1:\(port) (`\(path) pair` prints the pairing token)"), "\(run.stdout)")
    }

    @Test func theRemoteConsoleLineNamesTheCommandAsTypedWhenItIsOnThePath() async throws {
        let port = freePort()
        let path = productsDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try await InteractiveProcess.run(
            "backgrounder", headlessRun(["--console-listen", "127.0.0.1:\(port)"]), input: "quit\n", environment: ["PATH": path])
        #expect(messages(run.stdout.split(separator: "\n").map(String.init)).contains(
            "Remote console: listening on 127.0.0.1:\(port) (`backgrounder pair` prints the pairing token)"), "\(run.stdout)")
    }
}
