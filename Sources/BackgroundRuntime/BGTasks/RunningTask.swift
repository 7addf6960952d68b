/// A task the system launched and waits on.
struct RunningTask: Sendable, Equatable {
    let run: Int
    let request: ScheduledTaskRequest
    let launchNumber: Int
    let budget: Duration
    /// Keeps the app running until the task completes.
    let activity: BackgroundActivityToken
    var expirationTimer: SystemTimerToken?
    var deadline: SystemTimerToken?
    /// The expiration handler was delivered.
    var isExpiring = false
}
