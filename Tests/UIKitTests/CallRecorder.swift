import Synchronization

/// What an app delegate heard, kept outside the app so that a test reads it while the app is
/// suspended.
final class CallRecorder: Sendable {
    private let entries = Mutex<[String]>([])

    /// Everything recorded, in order.
    var calls: [String] { entries.withLock { $0 } }

    func record(_ call: String) {
        entries.withLock { $0.append(call) }
    }
}
