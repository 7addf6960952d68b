import Foundation
import TestSupport
import Testing

/// Runs the real `backgrounder` binary to its end, with `input` on its standard input.
func runBackgrounder(_ arguments: [String], input: String) async throws -> FinishedProcess {
    try await InteractiveProcess.run(backgrounderPath, arguments, input: input)
}

/// The `backgrounder` binary beside the tests.
var backgrounderPath: String { productsDirectory.appendingPathComponent("backgrounder").path }

/// The arguments of a headless run on a fresh data directory, then `extra`. It starts no
/// content server: runs in parallel would compete for its default port.
func headlessRun(_ extra: [String] = [], dataDirectory: String = temporaryDataDirectory()) -> [String] {
    ["run", "--headless", "--data-dir", dataDirectory, "--content-port", "0"] + extra
}

/// The console's messages among a run's standard output lines.
func messages(_ lines: [String]) -> [String] {
    let pattern = #/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} TheBackgrounder\[\d+\] (.*)$/#
    return lines.compactMap { try? pattern.wholeMatch(in: $0)?.output.1 }.map(String.init)
}

/// A fresh data directory for one run.
func temporaryDataDirectory() -> String {
    TestTemporaryDirectory.make("backgrounder-cli").path
}

@Suite("The backgrounder binary", .temporaryDirectory)
struct BinaryTests {
    @Test func aReaderOfItsOutputThatGoesAwayDoesNotCrashIt() async throws {
        // A script that piped the console into a reader that ended (`| head`, a killed
        // harness): each line then fails to write. The run loses those lines and goes on, and
        // `quit` still ends it normally.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: backgrounderPath)
        process.arguments = headlessRun()
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try output.fileHandleForReading.close()
        try input.fileHandleForWriting.write(contentsOf: Data("status\nhome\nstatus\nopen\nquit\n".utf8))
        try input.fileHandleForWriting.close()
        #expect(await waitUntil { !process.isRunning })
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    @Test func headlessHomeWaitOpenShowsActiveSuspendedActive() async throws {
        let run = try await runBackgrounder(
            headlessRun(),
            input: "status\nhome\nwait 7\nstatus\nopen\nstatus\n")
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let states = try lines.filter { $0.hasPrefix("{") }.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["state"] as? String
        }
        #expect(states == ["active", "suspended", "active"])
        let consolePattern = #/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} TheBackgrounder\[\d+\] (.*)$/#
        let messages = lines.compactMap { try? consolePattern.wholeMatch(in: $0)?.output.1 }.map(String.init)
        #expect(messages.filter { $0.hasPrefix("State:") } == [
            "State: notRunning → inactive", "State: inactive → active",
            "State: active → inactive", "State: inactive → background", "State: background → suspended",
            "State: suspended → background", "State: background → inactive", "State: inactive → active",
            "State: active → inactive", "State: inactive → background", "State: background → notRunning",
        ])
    }

    @Test func plainBackgrounderMeansRun() async throws {
        let run = try await runBackgrounder(
            ["--headless", "--data-dir", temporaryDataDirectory(), "--content-port", "0"], input: "status\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""state":"active""#))
    }

    @Test func anUnknownCommandIsOneErrorLineAndTheSessionGoesOn() async throws {
        let run = try await runBackgrounder(headlessRun(), input: "dance\nstatus\n")
        #expect(run.stderr == "error: unknown command \"dance\"; type help for the list of commands\n")
        #expect(run.stdout.contains(#""state":"active""#))
    }

    @Test func anInfoPlistWithAnUnknownModeRunsWithAWarningNamingIt() async throws {
        let path = TestTemporaryDirectory.make("bad").appendingPathComponent("Info.plist").path
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>UIBackgroundModes</key><array><string>teleport</string></array></dict></plist>
            """.utf8).write(to: URL(fileURLWithPath: path))
        let run = try await runBackgrounder(headlessRun(["--info-plist", path]), input: "status\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("Info.plist \(path): UIBackgroundModes has \"teleport\", which iOS does not know; it is ignored"))
        #expect(run.stdout.contains(#""backgroundModes":[]"#))
    }

    @Test func anUnsupportedIOSVersionIsRefused() async throws {
        let run = try await runBackgrounder(["run", "--headless", "--ios", "3"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("--ios 3: no policy profile"))
    }

    @Test func aFetchLaunchStartsInTheBackground() async throws {
        let run = try await runBackgrounder(
            headlessRun(["--launch-reason", "fetch"]), input: "status\n")
        #expect(run.stdout.contains("State: notRunning → background"))
        #expect(run.stdout.contains(#""launchReason":"fetch""#))
    }

    @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")])
    func aSignalEndsTheAppCleanly(signal: Int32, name: String) async throws {
        // With its web UI, its remote console and its content server, each on a free port it picks.
        let app = try InteractiveProcess(backgrounderPath, [
            "run", "--data-dir", temporaryDataDirectory(), "--port", "0", "--console-listen", "127.0.0.1:0", "--content-port", "auto",
        ])
        defer { app.stop() }
        #expect(await app.waitFor { $0.stdout.contains("State: inactive → active") && $0.stdout.contains("Content server: ") })
        app.send(signal)
        #expect(await app.waitForExit() == 0)
        #expect(app.stdout.contains("Received \(name); quitting"))
        #expect(app.stdout.contains("State: background → notRunning"))
        // The content server started once, on its port.
        #expect(app.stdout.components(separatedBy: "Content server: http://").count == 2)
        #expect(!app.stdout.contains("cannot serve"))
    }
}
