import BackgroundWire

/// A push handed to the app whose completion the system waits for: a remote notification's
/// fetch completion handler, or a VoIP push's PushKit completion.
struct InFlightPush: Sendable, Equatable {
    package let number: Int
    let launchNumber: Int
    let start: Duration
    let isVoIP: Bool
    /// Keeps the app running until the completion is called.
    let activity: BackgroundActivityToken
    var deadline: SystemTimerToken?
    /// Whether the app reported a call to CallKit while handling it (VoIP pushes).
    var reportedCall = false
}
