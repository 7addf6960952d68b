import Synchronization

/// What a test's app saw, one line an entry, and the times its periodic observer got: readable
/// from the test's thread, also while the app is suspended.
final class AppLog: Sendable {
    private let lines = Mutex<[String]>([])
    private let times = Mutex<[Double]>([])

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    func appendTime(_ seconds: Double) {
        times.withLock { $0.append(seconds) }
    }

    /// The lines so far, forgotten.
    func take() -> [String] {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }

    /// How many times the periodic observer got so far.
    var timeCount: Int { times.withLock { $0.count } }
}
