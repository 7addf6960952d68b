import Synchronization

/// What an app's location delegate heard, one line per call, in order: kept outside the app, so
/// that a test reads it while the app is suspended.
final class Heard: Sendable {
    private let lines = Mutex<[String]>([])

    func record(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }

    /// The lines that start with `prefix`.
    func lines(startingWith prefix: String) -> [String] { all.filter { $0.hasPrefix(prefix) } }
}
