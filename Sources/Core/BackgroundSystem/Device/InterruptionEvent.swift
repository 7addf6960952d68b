import BackgroundWire

/// A phone call's effect on the system's audio, as services observe it
/// (`AVAudioSession.interruptionNotification`).
public enum InterruptionEvent: Sendable, Equatable {
    /// A call began: playback must stop.
    case began
    /// The call ended; `answered` when the user took it rather than declined or ignored it.
    /// Playback that a declined call stopped may resume at once.
    case ended(answered: Bool = false)
}
