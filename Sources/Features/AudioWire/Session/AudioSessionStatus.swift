/// The session as `status` shows it under `screens.audio.session`.
public struct AudioSessionStatus: Sendable, Codable, Equatable {
    public var category: AudioSessionCategory
    /// Whether the session is active: the app plays (or played and was not interrupted since).
    public var active: Bool
    /// Whether it mixes with (or ducks) other apps' audio.
    public var options: AudioSessionCategoryOptions
    /// Where the other app's audio stands (`device other-audio`).
    public var otherAudio: OtherAppAudio {
        didSet { otherAudioPlaying = otherAudio.isPlaying }
    }
    /// Whether the other app's audio can be heard (`isOtherAudioPlaying`); follows ``otherAudio``.
    public private(set) var otherAudioPlaying: Bool

    public init(
        category: AudioSessionCategory, active: Bool, options: AudioSessionCategoryOptions = [],
        otherAudio: OtherAppAudio = .stopped
    ) {
        self.category = category
        self.active = active
        self.options = options
        self.otherAudio = otherAudio
        otherAudioPlaying = otherAudio.isPlaying
    }
}
