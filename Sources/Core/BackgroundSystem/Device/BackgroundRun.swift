import BackgroundWire

/// One stretch of time the app spends in the background, from the moment it leaves the
/// foreground (or is launched or woken into the background) until it returns to the
/// foreground or ends. The finite-task budget is counted from its start.
package struct BackgroundRun: Sendable, Equatable {
    /// Where the app's background time went once the budget ran low.
    enum Expiration: Sendable, Equatable {
        /// The budget has not run low.
        case notYet
        /// Expiration handlers are queued or running.
        case handlersRunning
        /// Every expiration handler returned; `jobMark` is the app executor's job count then.
        case handlersReturned(jobMark: Int)
    }

    package let id: Int
    package let start: Duration
    /// didEnterBackground is delivered but has not returned, and its grace has not passed.
    package var awaitingDidEnterBackground: Bool
    package var graceTimer: SystemTimerToken?
    /// A launch into the background whose didEnterBackground has not begun in the app yet (its
    /// process may still be starting): its grace counts from when the handler begins.
    var waitsForHandler = false
    /// How many times the grace was armed again because the launched app's handler had not begun.
    var graceRearms = 0
    var expirationTimer: SystemTimerToken?
    var deadlineTimer: SystemTimerToken?
    var expiration = Expiration.notYet
    var reportedCodeAfterExpiration = false
}
