/// Callbacks a system service sends the running app without waking it.
extension Device {
    /// Queues `job` on the app's main executor if the app's code can run now (it is in the
    /// foreground or running in the background), as iOS delivers a service's callback — a new
    /// location, a player's time — to a running app. Returns false and drops the job if the app
    /// is suspended or not running: a service that must reach a suspended app uses
    /// ``wake(for:_:)`` instead.
    ///
    /// Unlike ``perform(_:)`` it never runs the job itself: with manual timing the job runs at
    /// the next ``advance(by:)`` (or right after the timer that posted it).
    @discardableResult
    public func postToApp(_ job: @escaping @AppMain @Sendable (Application) -> Void) -> Bool {
        state.withLock { state in
            guard state.appState.isRunning else { return false }
            post(to: state.launch, job)
            return true
        }
    }
}
