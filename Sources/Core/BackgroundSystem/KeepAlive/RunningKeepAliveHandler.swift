import BackgroundWire

/// The keep-alive handler while it runs: the activity that holds the app for it, and the timer
/// of its time limit.
struct RunningKeepAliveHandler: Sendable, Equatable {
    let activity: BackgroundActivityToken
    let limit: SystemTimerToken
}
