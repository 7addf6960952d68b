/// Callbacks from the system's services to the running app.
extension Device {
    /// Queues `job` on the app's main executor for the app's current launch, as a service
    /// delivers a callback (a player's time observer, a new location, a delegate call). It runs
    /// after the jobs already queued: at once if the app can run; if the app is suspended, once
    /// it is resumed or never, as `whileSuspended` says; never if that launch ends first.
    /// Returns false, queuing nothing, if the app is not running or the job was dropped.
    ///
    /// It never runs app code on the caller's thread, so a service may call it while holding
    /// its own lock. With manual timing the job runs at the device's next step (an action,
    /// ``advance(by:)`` or ``SystemLoop/runUntilIdle()``). A service that posts often to a
    /// suspended app with `.hold` must coalesce: those jobs wait in memory.
    @discardableResult
    public func post(
        whileSuspended: SuspendedDelivery = .hold,
        _ job: @escaping @AppMain @Sendable (Application) -> Void
    ) -> Bool {
        state.withLock { state in
            switch state.appState {
            case .notRunning: return false
            case .suspended where whileSuspended == .drop: return false
            case .suspended, .inactive, .active, .background: break
            }
            post(to: state.launch, job)
            return true
        }
    }
}
