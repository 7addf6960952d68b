import BackgroundRuntime

/// A periodic time observer of a ``QueuePlayer``: its block, its grid of deadlines on the
/// device's loop, and the time waiting to be delivered.
struct TimeObserver: Sendable {
    let interval: Duration
    let block: @AppMain @Sendable (Duration) -> Void
    /// The timer of the next tick, while the player plays.
    var timer: SystemTimer?
    /// The time posted to the app and not yet delivered; later ticks replace it instead of
    /// queuing more jobs, so a slow or frozen app never makes the queue grow.
    var undelivered: Duration?
}
