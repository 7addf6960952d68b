import BackgroundWire
import Foundation

/// Names the calling thread for the kernel (`top -H`, `/proc`, the energy accounts' split).
///
/// Foundation's `Thread.name` is not reliable for that on Linux: set before `start()` it never
/// reaches the kernel, and set from inside the thread it is lost when the thread runs before
/// `start()` has returned. The kernel keeps at most 15 bytes.
public enum ThreadName {
    /// Names the calling thread `name` (cut to 15 bytes) by writing `/proc/thread-self/comm`.
    public static func set(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
