import BackgroundWire

/// A continued processing task the system runs or has queued, and its Live Activity.
struct ContinuedTask: Sendable, Equatable {
    let identifier: String
    /// The permitted wildcard it was submitted under, whose launch handler runs it.
    let pattern: String
    var report: ContinuedTaskReport
    /// Set once it runs.
    var running: Running?

    /// What the system holds for a running task.
    struct Running: Sendable, Equatable {
        let run: Int
        /// Keeps the app running in the background until the task completes.
        let activity: BackgroundActivityToken
        /// When the task last reported progress (or started), as device time.
        var lastProgressAt: Duration
        /// Checks, when it fires, that the task reported progress in time.
        var progressCheck: SystemTimerToken?
        /// After expiration: the time left to call `setTaskCompleted`.
        var deadline: SystemTimerToken?
        var isExpiring = false
    }
}
