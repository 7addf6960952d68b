import Synchronization

/// What a test's app saw, one line an entry: shared by every launch and readable from the
/// test's thread, also while the app is suspended.
final class AppLog: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// The lines so far, forgotten.
    func take() -> [String] {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}
