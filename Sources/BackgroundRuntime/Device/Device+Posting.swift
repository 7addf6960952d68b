/// Callbacks from the system's services to the running app.
extension Device {
    /// Queues `job` on the app's main executor for the current launch, as a service delivers a
    /// callback (a download's progress, a socket's data). The job runs once the app's code can
    /// run — at once if it is running, after it is resumed if it is suspended — and is dropped if
    /// this launch ends first. Returns false, queuing nothing, when the app is not running.
    ///
    /// Unlike ``wake(for:_:)`` it neither resumes a suspended app nor keeps it running, and it
    /// never runs app code on the caller's thread, so a service may call it from any thread,
    /// also with manual timing.
    @discardableResult
    public func post(_ job: @escaping @AppMain @Sendable (Application) -> Void) -> Bool {
        state.withLock { state in
            guard state.appState != .notRunning else { return false }
            post(to: state.launch, job)
            return true
        }
    }
}
