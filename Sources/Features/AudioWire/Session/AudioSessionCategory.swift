/// How the app means to use audio (`AVAudioSession.Category`); the session's category decides
/// whether its audio goes on in the background.
public enum AudioSessionCategory: String, Sendable, Codable, CustomStringConvertible {
    /// Sound that is not the app's point, mixed with other apps' audio; silenced by the screen
    /// lock and the Ring/Silent switch.
    case ambient
    /// The default: like ambient, but it silences other apps' audio.
    case soloAmbient
    /// Music or other sound central to the app: it goes on with the screen locked and, with
    /// `audio` in UIBackgroundModes, in the background.
    case playback
    /// Playback and recording (VoIP, the 2013 tutorial's Audio tab): it goes on in the
    /// background as playback does.
    case playAndRecord

    /// Whether audio in this category goes on when the app leaves the foreground (given `audio`
    /// in UIBackgroundModes): playback and playAndRecord do; ambient and soloAmbient are silenced.
    public var allowsBackgroundPlayback: Bool {
        switch self {
        case .playback, .playAndRecord: true
        case .ambient, .soloAmbient: false
        }
    }

    /// Whether its audio mixes with other apps' (ambient does): such an app does not become the
    /// Now Playing app.
    public var mixesWithOthers: Bool { self == .ambient }

    public var description: String { self == .soloAmbient ? "soloAmbient (the default)" : rawValue }
}
