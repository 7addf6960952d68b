import BackgroundRuntime
import Synchronization

/// Running a test's code in the app, through the front door: a service's events
/// (`ServiceHost`, `ServiceClient`) and the app's main executor the device owns. Where the
/// app's code runs in the test's process only — a `TestDevice`, or a ``Device`` with
/// `--isolation thread`: the closures do not cross to an app in its own process.
extension Device {
    /// Wakes the app for `event`, as a service wakes it for socket data or a region crossed, and
    /// runs `handler` in the app as the event's handling: a suspended app is resumed (it hears
    /// didEnterBackground first) and is suspended again once `handler` returns, unless something
    /// else keeps it running — or once `timeLimit` has passed, if it is given, even if `handler`
    /// has not returned. Returns false, and runs nothing, when the app is not running.
    ///
    /// On a `TestDevice` `handler` has run when this returns.
    @discardableResult
    public func wakeApp(
        for event: String, timeLimit: Duration? = nil, handling handler: @escaping @AppMain @Sendable (Application) -> Void
    ) -> Bool {
        guard appState != .notRunning else { return false }
        let id = TestEventHandlers.shared.keep(handler)
        TestEventHandlers.shared.listen(on: self)
        return ServiceHost<TestEvents>(device: self).wake(for: event, timeLimit: timeLimit, sending: id)
    }

    /// Hands the running app `job`, as a service posts it a callback: it runs after the jobs
    /// already queued — at once if the app can run; if it is suspended, once it is resumed or
    /// never, as `whileSuspended` says. Returns false, queuing nothing, when the app is not
    /// running or the job was dropped. On a `TestDevice` it runs at the device's next step.
    @discardableResult
    public func postToApp(
        whileSuspended: SuspendedDelivery = .hold, _ job: @escaping @AppMain @Sendable (Application) -> Void
    ) -> Bool {
        guard appState != .notRunning else { return false }
        let id = TestEventHandlers.shared.keep(job)
        TestEventHandlers.shared.listen(on: self)
        return ServiceHost<TestEvents>(device: self).post(id, whileSuspended: whileSuspended)
    }

    /// Runs `body` in the app, on its main executor after the jobs already queued, and returns
    /// its result; nil, running nothing, when the app's code cannot run now (it is suspended or
    /// not running) or its launch ends first. On a `TestDevice` it is
    /// `TestDevice.perform(_:)`.
    @discardableResult
    public func runInApp<T: Sendable>(_ body: @escaping @AppMain @Sendable (Application) -> T) async -> T? {
        if let device = self as? TestDevice { return device.perform(body) }
        guard appState.isRunning, let executor = (link as? ThreadAppLink)?.executor else { return nil }
        return await withCheckedContinuation { continuation in
            let run = PendingRun(continuation, observers: observers)
            // A launch that ends first drops the job.
            run.watch(observers.observeStateChanges { if $0.to == .notRunning { run.finish(nil) } })
            executor.post { run.finish(run.isPending ? Application.current.map(body) : nil) }
        }
    }
}

/// A ``Device/runInApp(_:)`` whose caller waits: resumed once, with the result or with nil if
/// the launch ended first, after which the launch is no longer watched.
private final class PendingRun<T: Sendable>: Sendable {
    private let observers: DeviceObservers
    private let state: Mutex<(continuation: CheckedContinuation<T?, Never>?, observer: Int?)>

    init(_ continuation: CheckedContinuation<T?, Never>, observers: DeviceObservers) {
        self.observers = observers
        state = Mutex((continuation, nil))
    }

    /// Whether the caller still waits.
    var isPending: Bool { state.withLock { $0.continuation != nil } }

    /// Stops the state observer `observer` once the run is finished.
    func watch(_ observer: Int) {
        let finished = state.withLock { state in
            guard state.continuation != nil else { return true }
            state.observer = observer
            return false
        }
        if finished { observers.removeStateObserver(observer) }
    }

    /// Resumes the caller with `value`, unless it was resumed already.
    func finish(_ value: T?) {
        let (continuation, observer) = state.withLock { ($0.continuation.take(), $0.observer.take()) }
        if let observer { observers.removeStateObserver(observer) }
        continuation?.resume(returning: value)
    }
}
