/// Why a session's interruption began (`AVAudioSession.InterruptionReason`, iOS 14.5; from
/// iOS 10.3 to 14.4 the `AVAudioSessionInterruptionWasSuspendedKey` flag).
public enum AudioInterruptionReason: String, Sendable, Equatable, Codable {
    /// Another session took the audio: a call.
    case `default`
    /// The system deactivated the session when it suspended the app (iOS 10–15); the app hears
    /// of it when it next runs.
    case appWasSuspended

    /// The eras in which the system deactivates a suspended app's session and tells it so: from
    /// iOS 10 (Apple, `AVAudioSession.InterruptionReason.appWasSuspended`: “Starting in iOS 10”)
    /// through iOS 15 (the reason is deprecated in iOS 16: “Interruption notifications with reason
    /// 'wasSuspended' not present from iOS 16 onwards”).
    public static let wasSuspendedEras = 10...15

    /// How the app reads ``appWasSuspended`` in iOS `version`: the flag until 14.4 (14 here),
    /// the reason from 14.5.
    public static func wasSuspendedAPI(inIOS version: Int) -> String {
        version < 15
            ? "AVAudioSessionInterruptionWasSuspendedKey true"
            : "AVAudioSession.InterruptionReason.appWasSuspended"
    }
}
