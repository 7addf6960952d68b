/// What the app's interruption observers are told (`AVAudioSession.interruptionNotification`).
public enum AudioInterruption: Sendable, Equatable, Codable {
    /// A call deactivated the session: the app's audio has already stopped.
    case began
    /// The call ended. With `shouldResume` the app may reactivate its session and play again;
    /// whether it does is its own decision.
    case ended(shouldResume: Bool)
}
