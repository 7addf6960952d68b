/// Why the route changed (`AVAudioSession.RouteChangeReason`).
public enum AudioRouteChangeReason: String, Sendable, Codable {
    /// Headphones were plugged in or a headset connected: playback goes on, privately.
    case newDeviceAvailable
    /// The headphones or headset in use went away: playback pauses rather than go on aloud.
    case oldDeviceUnavailable
}
