import BackgroundRuntime
import Synchronization

/// How a test's app should behave, and what it saw: shared by every launch of the app and
/// readable from the test's thread.
final class Recorder<Behavior: Sendable, Entry: Sendable>: Sendable {
    private let state: Mutex<(behavior: Behavior, entries: [Entry])>

    init(_ behavior: Behavior) {
        state = Mutex((behavior, []))
    }

    var behavior: Behavior {
        get { state.withLock { $0.behavior } }
        set { state.withLock { $0.behavior = newValue } }
    }

    /// What the app saw so far.
    var entries: [Entry] { state.withLock { $0.entries } }

    func append(_ entry: Entry) {
        state.withLock { $0.entries.append(entry) }
    }

    /// Returns the entries so far and forgets them.
    func take() -> [Entry] {
        state.withLock { state in
            defer { state.entries.removeAll() }
            return state.entries
        }
    }
}

extension Application {
    /// Runs `body` after `duration` on the app's timers, or at once for zero.
    func after(_ duration: Duration, _ body: @escaping @AppMain () -> Void) {
        if duration == .zero {
            body()
        } else {
            _ = scheduledTimer(withTimeInterval: duration, repeats: false) { _ in body() }
        }
    }
}
