import Synchronization

/// What the app saw, kept across launches and readable from the test's thread.
final class AppLog: Sendable {
    private let entries = Mutex<[String]>([])

    func append(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    /// Returns the entries so far and forgets them.
    func take() -> [String] {
        entries.withLock { entries in
            defer { entries.removeAll() }
            return entries
        }
    }
}
