import Foundation
import Synchronization

/// The real `backgrounder` binary as a child process: commands go to its standard input, its
/// standard output is collected, and it can be killed with SIGKILL mid-download.
final class ChildBackgrounder: Sendable {
    private let process: Process
    private let input: FileHandle
    private let collected = Collected()

    /// The child's output so far.
    final class Collected: Sendable {
        private let text = Mutex("")

        func append(_ data: Data) { text.withLock { $0 += String(decoding: data, as: UTF8.self) } }

        var value: String { text.withLock { $0 } }
    }

    init(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = Self.productsDirectory.appendingPathComponent("backgrounder")
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        let collected = self.collected
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if !data.isEmpty { collected.append(data) }
        }
        try process.run()
        self.process = process
        input = stdin.fileHandleForWriting
    }

    var output: String { collected.value }

    func send(_ line: String) {
        try? input.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Sends `line` every 100 ms until the output satisfies `condition`; false after `timeout`.
    func repeatSending(_ line: String, timeout: Duration = .seconds(60), until condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(output) { return true }
            send(line)
            try? await Task.sleep(for: .milliseconds(100))
        }
        return condition(output)
    }

    func killNine() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func quit() {
        send("quit")
        try? input.close()
        process.waitUntilExit()
    }

    static var productsDirectory: URL {
        Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }
            .map { $0.bundleURL.deletingLastPathComponent() } ?? Bundle.main.bundleURL
    }
}
