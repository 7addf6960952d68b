import BackgroundWire
import Foundation
import Synchronization

/// Standard output shared by the console and the command line, one whole line at a time.
///
/// A reader that went away (a pipe into a command that ended, a killed harness) costs the lines
/// written after it, never the process: SIGPIPE is ignored from the first write on, and a
/// failed write is dropped.
public enum StandardOutput {
    private static let lock = Mutex(())
    /// Set once, before the first write: a write to a closed pipe fails with EPIPE instead of
    /// ending the process.
    private static let brokenPipeIgnored: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// Writes `text` and flushes, so that lines from several threads never interleave.
    public static func write(_ text: String) {
        brokenPipeIgnored
        lock.withLock { _ in
            try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        }
    }
}
