import Foundation
import TestSupport
import Testing

/// The remote console's line names a `pair` command that works: the binary's path when it was
/// started by its path (`scripts/run`, `swift run`), its name when the shell found it on the PATH.
@Suite("The remote console line's pair command", .temporaryDirectory)
struct PairHintTests {
    @Test func theRemoteConsoleLineNamesTheBinarysPathWhenItIsNotOnThePath() async throws {
        let run = try await runBackgrounder(headlessRun(["--console-listen", "127.0.0.1:0"]), input: "quit\n")
        let path = URL(fileURLWithPath: backgrounderPath).standardizedFileURL.path
        #expect(remoteConsoleLine(in: run.stdout).map { $0.hasSuffix(" (`\(path) pair` prints the pairing token)") } == true,
                "\(run.stdout)")
    }

    @Test func theRemoteConsoleLineNamesTheCommandAsTypedWhenItIsOnThePath() async throws {
        let path = productsDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try await InteractiveProcess.run(
            "backgrounder", headlessRun(["--console-listen", "127.0.0.1:0"]), input: "quit\n", environment: ["PATH": path])
        #expect(remoteConsoleLine(in: run.stdout).map { $0.hasSuffix(" (`backgrounder pair` prints the pairing token)") } == true,
                "\(run.stdout)")
    }

    /// The `Remote console: listening on 127.0.0.1:PORT …` message in `stdout` (port 0: the app
    /// picks one and names it).
    private func remoteConsoleLine(in stdout: String) -> String? {
        messages(stdout.split(separator: "\n").map(String.init)).first { $0.hasPrefix("Remote console: listening on 127.0.0.1:") }
    }
}
