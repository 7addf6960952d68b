extension AVAudioSession {
    /// The kind of audio the app plays or records (`AVAudioSession.Mode`, iOS 10 as a type).
    /// Backgrounder keeps the mode the app set (``AVAudioSession/mode``); it changes nothing here.
    public struct Mode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public static let `default` = Mode(rawValue: "AVAudioSessionModeDefault")
        public static let moviePlayback = Mode(rawValue: "AVAudioSessionModeMoviePlayback")
        public static let spokenAudio = Mode(rawValue: "AVAudioSessionModeSpokenAudio")
        public static let voiceChat = Mode(rawValue: "AVAudioSessionModeVoiceChat")
        public static let videoChat = Mode(rawValue: "AVAudioSessionModeVideoChat")
        public static let measurement = Mode(rawValue: "AVAudioSessionModeMeasurement")
    }
}
