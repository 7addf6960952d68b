extension AVAudioSession {
    /// Why an interruption began (`AVAudioSession.InterruptionReason`, iOS 14.5), under
    /// ``AVAudioSessionInterruptionReasonKey`` as a `UInt` on a device of iOS 15 or later; before,
    /// the system's suspension is ``AVAudioSessionInterruptionWasSuspendedKey`` (iOS 10.3).
    public enum InterruptionReason: UInt, Sendable {
        /// Another session took the audio: a call.
        case `default` = 0
        /// The system deactivated the session when it suspended the app.
        case appWasSuspended = 1
    }
}
