import BackgroundRuntime
import DesktopNotifications
import Foundation
import Synchronization

/// A program driven like a person at a terminal: lines typed on its standard input, its
/// standard output and error collected as they come. Stopped by its own pid.
///
/// Tests use it for the real peers and parts they start: `nc`, `socat`, `dbus-daemon`, `Xvfb`,
/// `dunst`, and the `backgrounder` binary itself.
public final class InteractiveProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = CollectedLines()
    private let errors = CollectedLines()

    /// Starts `executable` (a path, or a name on the PATH) with `arguments`, and `environment`
    /// added to the test's own.
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        if executable.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = input
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        output.collect(from: stdout.fileHandleForReading)
        errors.collect(from: stderr.fileHandleForReading)
    }

    /// Types `line` and Return.
    public func type(_ line: String) {
        write(line + "\n")
    }

    /// Writes `text` as it is, in one write.
    public func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Ends its input, as Ctrl-D would.
    public func endInput() {
        try? input.fileHandleForWriting.close()
    }

    public var stdoutLines: [String] { output.lines }
    public var stderrLines: [String] { errors.lines }

    /// Waits up to `timeout` for `condition` on what it printed.
    public func waitFor(timeout: Duration = .seconds(20), _ condition: (InteractiveProcess) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition(self)
    }

    /// Waits up to `timeout` for it to exit; its status, or nil if it still runs.
    public func waitForExit(timeout: Duration = .seconds(20)) -> Int32? {
        guard waitFor(timeout: timeout, { !$0.process.isRunning }) else { return nil }
        return process.terminationStatus
    }

    /// Kills it (SIGKILL: a child spawned from a Dispatch thread inherits its blocked SIGTERM).
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// Lines read from a pipe on a thread of their own.
private final class CollectedLines: Sendable {
    private let storage = Mutex<[String]>([])

    func collect(from handle: FileHandle) {
        let thread = Thread { [self] in
            handle.forEachLine { line in storage.withLock { $0.append(line) } }
        }
        thread.start()
    }

    var lines: [String] { storage.withLock { $0 } }
}

