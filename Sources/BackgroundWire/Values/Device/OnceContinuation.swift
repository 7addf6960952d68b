import Synchronization

/// A continuation that several parties may try to resume — the first one wins — with a
/// clean-up that runs once it is resumed.
final class OnceContinuation<Value: Sendable>: Sendable {
    private let state: Mutex<(continuation: CheckedContinuation<Value, Never>?, cleanUp: (@Sendable () -> Void)?, done: Bool)>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        state = Mutex((continuation, nil, false))
    }

    /// Runs `cleanUp` once resumed (at once if it was resumed already).
    func onResume(_ cleanUp: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.done { return true }
            state.cleanUp = cleanUp
            return false
        }
        if runNow { cleanUp() }
    }

    /// Resumes with `value` unless resumed already.
    func resume(_ value: Value) {
        let (continuation, cleanUp) = state.withLock { state in
            defer { state = (nil, nil, true) }
            return (state.continuation, state.cleanUp)
        }
        continuation?.resume(returning: value)
        cleanUp?()
    }
}
