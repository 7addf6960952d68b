import Foundation
import TestSupport
import Testing

/// Runs the real `backgrounder` binary with `input` on standard input.
func runBackgrounder(_ arguments: [String], input: String) throws -> (stdout: String, stderr: String, status: Int32) {
    let binary = productsDirectory.appendingPathComponent("backgrounder")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self), process.terminationStatus)
}

/// The build's products directory, where the test bundle and the binary live side by side.
var productsDirectory: URL {
    Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }
        .map { $0.bundleURL.deletingLastPathComponent() }
        ?? Bundle.main.bundleURL
}

/// A fresh data directory for one run.
func temporaryDataDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("backgrounder-cli-\(UUID())").path
}

@Suite("The backgrounder binary")
struct BinaryTests {
    @Test func headlessHomeWaitOpenShowsActiveSuspendedActive() throws {
        let run = try runBackgrounder(
            ["run", "--headless", "--data-dir", temporaryDataDirectory()],
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
            "State: active → notRunning",
        ])
    }

    @Test func plainBackgrounderMeansRun() throws {
        let run = try runBackgrounder(["--headless", "--data-dir", temporaryDataDirectory()], input: "status\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""state":"active""#))
    }

    @Test func anUnknownCommandIsOneErrorLineAndTheSessionGoesOn() throws {
        let run = try runBackgrounder(["run", "--headless", "--data-dir", temporaryDataDirectory()], input: "dance\nstatus\n")
        #expect(run.stderr == "error: unknown command \"dance\"; type help for the list of commands\n")
        #expect(run.stdout.contains(#""state":"active""#))
    }

    @Test func anInfoPlistWithAnUnknownModeIsRefusedByName() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).plist").path
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>UIBackgroundModes</key><array><string>teleport</string></array></dict></plist>
            """.utf8).write(to: URL(fileURLWithPath: path))
        let run = try runBackgrounder(["run", "--headless", "--info-plist", path], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("\(path): key UIBackgroundModes has an unknown background mode \"teleport\""))
    }

    @Test func anUnsupportedIOSVersionIsRefused() throws {
        let run = try runBackgrounder(["run", "--headless", "--ios", "3"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("--ios 3: no policy profile"))
    }

    @Test func aFetchLaunchStartsInTheBackground() throws {
        let run = try runBackgrounder(
            ["run", "--headless", "--launch-reason", "fetch", "--data-dir", temporaryDataDirectory()], input: "status\n")
        #expect(run.stdout.contains("State: notRunning → background"))
        #expect(run.stdout.contains(#""launchReason":"fetch""#))
    }

    @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")])
    func aSignalEndsTheAppCleanly(signal: Int32, name: String) throws {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("backgrounder")
        // With its web UI, its remote console and its content server, each on a port of its own.
        process.arguments = [
            "run", "--data-dir", temporaryDataDirectory(), "--port", "\(freePort())",
            "--console-listen", "127.0.0.1:\(freePort())", "--content-port", "\(freePort())",
        ]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let reader = stdout.fileHandleForReading
        var seen = ""
        while !(seen.contains("State: inactive → active") && seen.contains("Content server: ")) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, signal)
        seen += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(seen.contains("Received \(name); quitting"))
        #expect(seen.contains("State: active → notRunning"))
        // The content server started once, on its port.
        #expect(seen.components(separatedBy: "Content server: http://").count == 2)
        #expect(!seen.contains("cannot serve"))
    }
}
