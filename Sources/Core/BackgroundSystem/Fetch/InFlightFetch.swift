import BackgroundWire

/// A background fetch the system is waiting on.
package struct InFlightFetch: Sendable, Equatable {
    package let number: Int
    package let launchNumber: Int
    package let start: Duration
    /// Keeps the app running until the completion handler is called.
    package let activity: BackgroundActivityToken
    var deadline: SystemTimerToken?
}
