import Foundation
import Synchronization

/// Standard output shared by the console and the command line, one whole line at a time.
public enum StandardOutput {
    private static let lock = Mutex(())

    /// Writes `text` and flushes, so that lines from several threads never interleave.
    public static func write(_ text: String) {
        lock.withLock { _ in
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
