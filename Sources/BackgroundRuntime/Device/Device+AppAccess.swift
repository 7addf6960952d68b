import Synchronization

/// Running code in the app from outside it: a tap on its screen, a test's probe.
extension Device {
    /// With manual timing: runs `body` on the app's main executor after the jobs already
    /// queued, and returns its result. Returns nil, running nothing, if the app's code cannot
    /// run now (it is suspended or not running).
    @discardableResult
    public func perform<T: Sendable>(_ body: @escaping @AppMain @Sendable (Application) -> T) -> T? {
        precondition(loop.timing == .manual, "perform(_:) is for manual timing; use run(_:) with live timing")
        let result = Mutex<T?>(nil)
        guard enqueue({ application in result.withLock { $0 = body(application) } }) else { return nil }
        settle()
        return result.withLock { $0 }
    }

    /// Runs `body` on the app's main executor after the jobs already queued, and returns its
    /// result. Returns nil, running nothing, if the app's code cannot run now (it is suspended
    /// or not running), or if the app ends before `body` runs.
    @discardableResult
    public func run<T: Sendable>(_ body: @escaping @AppMain @Sendable (Application) -> T) async -> T? {
        if loop.timing == .manual { return perform(body) }
        return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            let pending = Mutex<(continuation: CheckedContinuation<T?, Never>?, observer: Int?)>((continuation, nil))
            let finish: @Sendable (T?) -> Void = { [weak self] value in
                let (continuation, observer) = pending.withLock { pending in
                    defer { pending = (nil, nil) }
                    return pending
                }
                if let observer { self?.removeStateObserver(observer) }
                continuation?.resume(returning: value)
            }
            let observer = observeStateChanges { change in
                if change.to == .notRunning { finish(nil) }
            }
            let finishedAlready = pending.withLock { pending -> Bool in
                guard pending.continuation != nil else { return true }
                pending.observer = observer
                return false
            }
            if finishedAlready { removeStateObserver(observer) }
            if !enqueue({ application in finish(body(application)) }) { finish(nil) }
        }
    }

    private func enqueue(_ job: @escaping @AppMain @Sendable (Application) -> Void) -> Bool {
        state.withLock { state in
            guard state.appState.isRunning else { return false }
            post(to: state.launch, job)
            return true
        }
    }
}
