import BackgroundApp
import BackgroundWire

/// A periodic time observer of the app's ``AudioPlayer``: its interval, its block, and the
/// timer of its next tick on the app's clock while the player plays.
struct PeriodicTimeObserver {
    let interval: Duration
    let block: @AppMain @Sendable (Duration) -> Void
    var timer: AppClockTimer?
}
