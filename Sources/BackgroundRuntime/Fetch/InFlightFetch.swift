/// A background fetch the system is waiting on.
struct InFlightFetch: Sendable, Equatable {
    let number: Int
    let launchNumber: Int
    let start: Duration
    /// Keeps the app running until the completion handler is called.
    let activity: BackgroundActivityToken
    var deadline: SystemTimerToken?
}
