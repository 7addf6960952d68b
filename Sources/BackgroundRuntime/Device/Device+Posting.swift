/// Callbacks from the system's services to the running app.
extension Device {
    /// Queues `job` on the app's main executor for the app's current launch, as a service
    /// delivers a callback (a player's time observer, a delegate call). It runs after the jobs
    /// already queued: at once if the app can run, once it is resumed if it is suspended, never
    /// if that launch ends first. Returns false, queuing nothing, if the app is not running.
    ///
    /// It never runs app code on the caller's thread, so a service may call it while holding
    /// its own lock. With manual timing the job runs at the device's next step (an action,
    /// ``advance(by:)`` or ``SystemLoop/runUntilIdle()``). A service that posts often must
    /// coalesce: jobs posted while the app is suspended wait in memory.
    @discardableResult
    public func post(_ job: @escaping @AppMain @Sendable (Application) -> Void) -> Bool {
        state.withLock { state in
            guard state.appState != .notRunning else { return false }
            post(to: state.launch, job)
            return true
        }
    }
}
