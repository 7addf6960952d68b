import BackgroundRuntime

/// A periodic time observer of the app's player, on the service's side: its interval, the
/// timer of its next tick on the device's clock while the player's time moves, and the latest
/// time kept back from an app that has not taken in the earlier ones.
struct TimeObserver: Sendable {
    let interval: Duration
    var timer: SystemTimer?
    var withheld: Duration?
}
