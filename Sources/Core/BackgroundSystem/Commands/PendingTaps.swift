import BackgroundWire
import Synchronization

/// The taps sent to the app and not answered yet, by their command's number: the system's side
/// of ``Device/tap(_:_:)``, which never waits on the app — the caller awaits the answer, and a
/// launch that ends answers every tap it left.
final class PendingTaps: Sendable {
    private let state = Mutex<(next: Int, waiting: [Int: CheckedContinuation<AppCommandResult, Never>])>((1, [:]))

    /// A new command's number.
    func makeID() -> Int {
        state.withLock { state in
            defer { state.next += 1 }
            return state.next
        }
    }

    /// Waits for command `id`'s answer.
    func wait(for id: Int, _ continuation: CheckedContinuation<AppCommandResult, Never>) {
        state.withLock { $0.waiting[id] = continuation }
    }

    /// The app answered command `id`; an unknown or answered one changes nothing.
    func answer(_ id: Int, with result: AppCommandResult) {
        state.withLock { $0.waiting.removeValue(forKey: id) }?.resume(returning: result)
    }

    /// The app's launch ended: every tap still waiting is answered with `result`.
    func answerAll(with result: AppCommandResult) {
        let waiting = state.withLock { state in
            defer { state.waiting.removeAll() }
            return state.waiting.values
        }
        for continuation in waiting { continuation.resume(returning: result) }
    }
}
