/// Where the device's audio goes: its speaker, wired headphones, or a Bluetooth headset
/// (`AVAudioSessionPortDescription`'s `builtInSpeaker`, `headphones`, `bluetoothA2DP`).
public enum AudioRoute: String, Sendable, Codable {
    case speaker
    case headphones
    case bluetooth

    /// Whether the user listens privately: headphones or a headset, which Apple's guidelines
    /// ask apps not to take off into the speaker by themselves.
    public var isPrivate: Bool { self != .speaker }
}
