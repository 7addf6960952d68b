import BackgroundWire

/// A background session's events the app was resumed or launched for
/// (`handleEventsForBackgroundURLSession`): the system waits for its completion handler.
struct PendingSessionEvents: Sendable, Equatable {
    package let number: Int
    let session: String
    let launchNumber: Int
    let start: Duration
    let activity: BackgroundActivityToken
    var deadline: SystemTimerToken?
    /// Whether the session's events (and urlSessionDidFinishEvents) were handed to the app.
    var eventsDelivered = false
}
