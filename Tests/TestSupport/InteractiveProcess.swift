import BackgroundRuntimeTesting
import Foundation
import Synchronization

/// A program driven like a person at a terminal: lines typed on its standard input, its
/// standard output and error collected as they come. Stopped by its own pid.
///
/// Tests use it for the real peers and parts they start: `nc`, `socat`, `dbus-daemon`, `Xvfb`,
/// `dunst`, servers, and the `backgrounder` binary itself. Its output is read on threads of its
/// own and every wait is async, so a test that waits for a program holds no thread of Swift's
/// cooperative pool.
public final class InteractiveProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = CollectedOutput()
    private let errors: CollectedOutput
    private let exit = ExitStatus()

    /// Starts `executable` (a path, or a name on the PATH) with `arguments`, and `environment`
    /// added to the test's own.
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        errors = CollectedOutput(echoingMisuseAs: URL(fileURLWithPath: executable).lastPathComponent)
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
        let exit = self.exit
        process.terminationHandler = { process in exit.record(process.terminationStatus, process.terminationReason) }
        try process.run()
        output.collect(from: stdout.fileHandleForReading)
        errors.collect(from: stderr.fileHandleForReading)
    }

    /// Runs `executable` to its end with `input` on its standard input; its output and status.
    /// Throws ``ProcessDidNotFinish`` (after killing it) if it runs longer than `timeout`.
    public static func run(
        _ executable: String, _ arguments: [String], input: String = "", environment: [String: String] = [:],
        timeout: Duration = hangBound
    ) async throws -> FinishedProcess {
        let program = try InteractiveProcess(executable, arguments, environment: environment)
        if !input.isEmpty { program.write(input) }
        program.endInput()
        guard let status = await program.waitForExit(timeout: timeout) else {
            program.stop()
            throw ProcessDidNotFinish(command: ([executable] + arguments).joined(separator: " "), stderr: program.stderr)
        }
        return FinishedProcess(stdout: program.stdout, stderr: program.stderr, status: status)
    }

    /// Its process identifier.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Types `line` and Return.
    public func type(_ line: String) {
        write(line + "\n")
    }

    /// Writes `text` as it is, in one write; nothing if its input is closed or it is gone.
    public func write(_ text: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Ends its input, as Ctrl-D would.
    public func endInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Its standard output so far, and its complete lines.
    public var stdout: String { output.text }
    public var stdoutLines: [String] { output.lines }
    /// Its standard error so far, and its complete lines.
    public var stderr: String { errors.text }
    public var stderrLines: [String] { errors.lines }

    /// How it ended: its exit status or the signal that ended it, and which of the two; nil
    /// while it runs.
    public var termination: (status: Int32, reason: Process.TerminationReason)? { exit.value }

    /// Waits up to `timeout` for `condition` on what it printed.
    public func waitFor(timeout: Duration = hangBound, _ condition: (InteractiveProcess) -> Bool) async -> Bool {
        await waitUntil(timeout: timeout) { condition(self) }
    }

    /// Waits up to `timeout` for it to exit and for the last of its output; its status, or nil
    /// if it still runs.
    public func waitForExit(timeout: Duration = hangBound) async -> Int32? {
        guard await waitUntil(timeout: timeout, { exit.value != nil }) else { return nil }
        // A child it left behind may hold the pipes open: the output is complete when they close.
        _ = await waitUntil(timeout: .seconds(2)) { output.isFinished && errors.isFinished }
        return exit.value?.status
    }

    /// Sends it `signal`.
    public func send(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Kills it (SIGKILL: a child spawned from a Dispatch thread inherits its blocked SIGTERM).
    /// The kernel ends it at once; ``waitForExit(timeout:)`` waits until it is reaped.
    public func stop() {
        send(SIGKILL)
    }

    deinit { stop() }
}

/// What a program that ran to its end printed, and its exit status.
public struct FinishedProcess: Sendable {
    public let stdout: String
    public let stderr: String
    public let status: Int32
}

/// A program that ran longer than its test allowed.
public struct ProcessDidNotFinish: Error, CustomStringConvertible {
    public let command: String
    public let stderr: String

    public var description: String { "\(command) did not finish; its standard error: \(stderr)" }
}

/// Everything read from a pipe, read on a thread of its own until the pipe closes.
private final class CollectedOutput: Sendable {
    private let storage = Mutex<(data: Data, isFinished: Bool)>((Data(), false))
    /// The program's name, when the lines of a leaked or twice-resumed continuation that it
    /// printed are to be echoed on the test's own standard error once its output ends: there
    /// `scripts/test`, which fails a run on them, sees them.
    private let misuseLabel: String?

    init(echoingMisuseAs label: String? = nil) {
        misuseLabel = label
    }

    /// What Swift's runtime prints for a continuation leaked or resumed twice.
    static let misuse = "SWIFT TASK CONTINUATION MISUSE"

    func collect(from handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                storage.withLock { $0.data.append(chunk) }
            }
            storage.withLock { $0.isFinished = true }
            if let misuseLabel {
                for line in lines where line.contains(Self.misuse) {
                    FileHandle.standardError.write(Data("\(misuseLabel): \(line)\n".utf8))
                }
            }
        }
        thread.start()
    }

    var text: String { String(decoding: storage.withLock { $0.data }, as: UTF8.self) }

    /// The lines ended by a newline so far.
    var lines: [String] {
        let complete = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return complete.map(String.init)
    }

    /// Whether the pipe has closed: nothing more will come.
    var isFinished: Bool { storage.withLock { $0.isFinished } }
}

/// How a program ended, told by its termination handler.
private final class ExitStatus: Sendable {
    private let storage = Mutex<(status: Int32, reason: Process.TerminationReason)?>(nil)

    func record(_ status: Int32, _ reason: Process.TerminationReason) {
        storage.withLock { $0 = (status, reason) }
    }

    var value: (status: Int32, reason: Process.TerminationReason)? { storage.withLock { $0 } }
}
