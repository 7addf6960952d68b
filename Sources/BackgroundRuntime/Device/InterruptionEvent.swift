/// A phone call's effect on the system's audio, as services observe it
/// (`AVAudioSession.interruptionNotification`).
public enum InterruptionEvent: Sendable, Equatable {
    /// A call began: playback must stop.
    case began
    /// The call ended: playback that the call stopped may resume.
    case ended
}
