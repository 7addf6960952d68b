/// What the app's interruption observers are told (`AVAudioSession.interruptionNotification`).
public enum AudioInterruption: Sendable, Equatable, Codable {
    /// The session was deactivated: the app's audio has already stopped. `reason` says whether
    /// a call did it, or the system when it suspended the app.
    case began(reason: AudioInterruptionReason = .default)
    /// The call ended. With `shouldResume` (a declined call) the app may reactivate its session
    /// and play again; whether it does is its own decision. An answered call ends without it.
    case ended(shouldResume: Bool)
}
