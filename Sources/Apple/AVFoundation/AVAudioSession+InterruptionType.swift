extension AVAudioSession {
    /// Whether an interruption began or ended (`AVAudioSession.InterruptionType`), under
    /// ``AVAudioSessionInterruptionTypeKey`` as a `UInt`.
    public enum InterruptionType: UInt, Sendable {
        case began = 1
        case ended = 0
    }
}
