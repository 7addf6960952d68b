/// Where another app's audio stands (the Music app's, say): `device other-audio` plays and stops
/// it, and the app's audio session interrupts or ducks it. `status` shows it by name under
/// `screens.audio.session.otherAudio`.
public enum OtherAppAudio: String, Sendable, Codable, CaseIterable {
    /// It plays at full volume.
    case playing
    /// It plays, quieter, while the app's session with ``AudioSessionCategoryOptions/duckOthers`` is active.
    case ducked
    /// The app's session, which does not mix with others, stopped it; it resumes only if the app
    /// deactivates its session with ``AudioSessionSetActiveOptions/notifyOthersOnDeactivation``.
    case interrupted
    /// Nothing plays.
    case stopped

    /// Whether it can be heard (`isOtherAudioPlaying`).
    public var isPlaying: Bool { self == .playing || self == .ducked }

    /// What activating the app's session with `options` does to it: a session that does not mix
    /// interrupts it, one with duckOthers ducks it, one that mixes leaves it.
    package func activating(with options: AudioSessionCategoryOptions) -> OtherAppAudio {
        guard isPlaying else { return self }
        if !options.contains(.mixWithOthers) { return .interrupted }
        return options.contains(.duckOthers) ? .ducked : .playing
    }

    /// What deactivating the app's session does to it: ducked audio returns to full volume, and
    /// interrupted audio resumes only when others are notified.
    package func deactivating(notifyingOthers: Bool) -> OtherAppAudio {
        switch self {
        case .ducked: .playing
        case .interrupted: notifyingOthers ? .playing : .interrupted
        case .playing, .stopped: self
        }
    }
}
