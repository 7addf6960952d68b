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

    /// The text a thread inside ``collecting(_:)`` has written so far.
    private final class Collected {
        var text = ""
    }

    /// The thread-local slot of the text collected on a thread.
    private static let collectedKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Writes `text` and flushes, so that lines from several threads never interleave; inside
    /// `collecting(_:)` it waits for the end of the collection.
    public static func write(_ text: String) {
        if let collected = pthread_getspecific(collectedKey) {
            Unmanaged<Collected>.fromOpaque(collected).takeUnretainedValue().text += text
            return
        }
        brokenPipeIgnored
        lock.withLock { _ in
            try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        }
    }

    /// Runs `body`, then writes what it wrote at once: the console's writer gives the lines it
    /// found waiting one system call, not one each.
    package static func collecting(_ body: () -> Void) {
        let collected = Collected()
        pthread_setspecific(collectedKey, Unmanaged.passUnretained(collected).toOpaque())
        body()
        pthread_setspecific(collectedKey, nil)
        if !collected.text.isEmpty { write(collected.text) }
    }
}
