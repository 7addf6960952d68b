import Foundation
import Synchronization

/// A real peer from Debian — `nc -l` or `socat` — run as a subprocess: its standard input is
/// what it sends, its standard output what it received. Stopped by its own pid.
final class ExternalPeer {
    private let process = Process()
    private let input = Pipe()
    private let received = ReceivedLines()

    /// Starts `arguments[0]` (found on the PATH) with the rest as its arguments.
    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let received = self.received
        let reader = Thread {
            var pending = Data()
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    received.append(line)
                }
            }
        }
        reader.start()
    }

    /// The lines it received, without their line endings.
    var lines: [String] {
        received.lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
    }

    /// Sends raw text.
    func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Ends it (SIGKILL to its own pid: a child spawned from a Dispatch thread inherits that
    /// thread's blocked SIGTERM) and waits for it.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// The lines an ``ExternalPeer`` printed, shared with its reader thread.
private final class ReceivedLines: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    var lines: [String] { storage.withLock { $0 } }
}
