import BackgroundWire

/// The system's side of an ``AppTimer``: the app's side keeps the timer and its block, by the
/// same identifier.
package struct AppTimerRecord: Sendable, Equatable {
    let interval: Duration
    let repeats: Bool
    /// The loop timer of the next fire; nil while the app is frozen and the fire is owed.
    var systemTimer: SystemTimerToken?
    /// The timer fell due while the app could not run; it fires once on resume.
    var isOwed = false
    /// A fire is queued for the app and has not run yet: like a run loop's timer, a late
    /// timer fires once, not once for each interval it missed.
    var isFirePending = false
}
