import BackgroundWire

extension Application {
    /// Runs `body` on the app's main executor, from any thread: at once if the caller already
    /// runs as the app's main thread (one of the app's jobs, or in the app's own process the main
    /// queue), else after the jobs already queued — what `DispatchQueue.main.async` is to an iOS
    /// app's background threads. While the app is suspended the job waits, as the main queue of
    /// a suspended app does.
    public nonisolated func onMain(_ body: @escaping @AppMain @Sendable () -> Void) {
        if executor.isIsolatingCurrentContext {
            AppMain.assumeIsolated { body() }
        } else {
            executor.post(body)
        }
    }

    /// Runs `body` on the app's main executor after every job already queued, even when the
    /// caller is one of them: at the end of this turn of the app's main loop, where UIKit commits
    /// what the turn changed on screen. While the app is suspended the job waits; a launch that
    /// ends drops it with its other jobs. It is the frameworks' commit, not the app's code: the
    /// rules that ask whether app code ran after a moment (code after expiration) do not count it.
    package nonisolated func afterQueuedJobs(_ body: @escaping @AppMain @Sendable () -> Void) {
        executor.post(isAppCode: false, body)
    }
}
