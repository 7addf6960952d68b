/// How the app deactivates its audio session (`AVAudioSession.SetActiveOptions`, iOS 6).
public struct AudioSessionSetActiveOptions: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// When the session deactivates, another app's audio that it interrupted is told the
    /// interruption ended and resumes; without it, that audio stays interrupted. Only for
    /// `setActive(false, options:)`.
    public static let notifyOthersOnDeactivation = AudioSessionSetActiveOptions(rawValue: 1 << 0)
}
