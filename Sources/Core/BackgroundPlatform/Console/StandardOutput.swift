import BackgroundWire
import Foundation

/// Standard output shared by the console and the command line, one whole line at a time
/// (`DescriptorWriter`).
///
/// A reader that went away (a pipe into a command that ended, a killed harness) costs the lines
/// written after it, never the process: SIGPIPE is ignored from the first write on, and a
/// failed write is dropped.
public enum StandardOutput {
    /// Descriptor 1, one write at a time.
    private static let output = DescriptorWriter(descriptor: STDOUT_FILENO)
    /// Set once, before the first write: a write to a closed pipe fails with EPIPE instead of
    /// ending the process.
    private static let brokenPipeIgnored: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// The bytes a thread inside ``collecting(_:)`` has written so far.
    private final class Collected {
        var text = TextBytes(capacity: 0)
    }

    /// The thread-local slot of the bytes collected on a thread.
    private static let collectedKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// What the calling thread collects, inside ``collecting(_:)``.
    private static var collected: Collected? {
        pthread_getspecific(collectedKey).map { Unmanaged<Collected>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Writes `text` at once, so that lines from several threads never interleave; inside
    /// `collecting(_:)` it waits for the end of the collection.
    public static func write(_ text: String) {
        if let collected {
            collected.text.append(text)
            return
        }
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Writes `line` and a newline, as ``write(_:)`` does.
    public static func write(line: String) {
        guard let collected else { return write(line + "\n") }
        collected.text.append(line)
        collected.text.append(ascii: "\n")
    }

    /// Runs `body`, then writes what it wrote at once: the console's writer gives the lines it
    /// found waiting one system call, not one each.
    package static func collecting(_ body: () -> Void) {
        let collected = Collected()
        pthread_setspecific(collectedKey, Unmanaged.passUnretained(collected).toOpaque())
        body()
        pthread_setspecific(collectedKey, nil)
        if !collected.text.isEmpty { collected.text.withUnsafeBytes { write(bytes: $0) } }
    }

    /// Writes `bytes` to file descriptor 1, whole, after the writes that came before it.
    private static func write(bytes: UnsafeRawBufferPointer) {
        brokenPipeIgnored
        output.write(bytes)
    }
}
