import BackgroundWire

/// A task the system launched and waits on.
package struct RunningTask: Sendable, Equatable {
    package let run: Int
    let request: ScheduledTaskRequest
    package let launchNumber: Int
    let budget: Duration
    /// Keeps the app running until the task completes.
    package let activity: BackgroundActivityToken
    var expirationTimer: SystemTimerToken?
    var deadline: SystemTimerToken?
    /// The expiration handler was delivered.
    var isExpiring = false
}
