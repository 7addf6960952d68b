/// One stretch of time the app spends in the background, from the moment it leaves the
/// foreground (or is launched or woken into the background) until it returns to the
/// foreground or ends. The finite-task budget is counted from its start.
struct BackgroundRun: Sendable {
    /// Where the app's background time went once the budget ran low.
    enum Expiration: Sendable, Equatable {
        /// The budget has not run low.
        case notYet
        /// Expiration handlers are queued or running.
        case handlersRunning
        /// Every expiration handler returned; `jobMark` is the app executor's job count then.
        case handlersReturned(jobMark: Int)
    }

    let id: Int
    let start: Duration
    /// didEnterBackground is delivered but has not returned, and its grace has not passed.
    var awaitingDidEnterBackground: Bool
    var graceTimer: SystemTimerToken?
    /// For a launch into the background, the app's job count when the grace was armed: until
    /// it moves, the app's code has not run (its process is still starting); nil otherwise.
    var launchJobMark: Int?
    /// How many times the grace was armed again because the launched app's code had not run yet.
    var graceRearms = 0
    var expirationTimer: SystemTimerToken?
    var deadlineTimer: SystemTimerToken?
    var expiration = Expiration.notYet
    var reportedCodeAfterExpiration = false
}
