import BackgroundRuntime
import Foundation

/// The Whatever tab's journal of its numbers, in the app's shared container, locked from Play
/// to Pause — the classic 0xdead10cc bug (`whatever lock on`): when the background task ends,
/// the app is suspended holding the lock, and the system kills it.
///
/// Closing the journal (on Pause, or when the launch's objects are freed) releases the lock.
@AppMain
final class LockedJournal {
    /// The journal starts over after this many lines, so that it never outgrows a few hundred
    /// kilobytes.
    static let lineLimit = 10_000

    let path: String
    private let descriptor: Int32
    private var lines = 0

    /// Opens the journal in the shared container `group.<bundle identifier>` and locks it;
    /// nil, with a line in the console, when it cannot.
    init?(application: Application) {
        let group = "group." + application.infoPlist.bundleIdentifier
        guard let container = application.containerURL(forSecurityApplicationGroupIdentifier: group) else {
            application.logger.info("Fibonacci journal: the device has no shared container \(group)")
            return nil
        }
        path = container.appendingPathComponent("fibonacci.journal").path
        descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            application.logger.info("Fibonacci journal: cannot open \(path): \(String(cString: strerror(errno)))")
            return nil
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            application.logger.info("Fibonacci journal: \(path) is locked by another process")
            close(descriptor)
            return nil
        }
    }

    isolated deinit {
        close(descriptor)
    }

    /// Appends `line`; starts over at ``lineLimit`` lines.
    func append(_ line: String) {
        if lines == Self.lineLimit {
            _ = ftruncate(descriptor, 0)
            lines = 0
        }
        let bytes = Array((line + "\n").utf8)
        if bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count { lines += 1 }
    }
}
