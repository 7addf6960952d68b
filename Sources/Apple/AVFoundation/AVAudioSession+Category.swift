import Audio

extension AVAudioSession {
    /// How the app uses audio (`AVAudioSession.Category`): the four categories Backgrounder's
    /// audio session has. Whether audio goes on in the background is the category's (with
    /// `audio` in UIBackgroundModes): playback and playAndRecord do, ambient and soloAmbient
    /// are silenced.
    public struct Category: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Sound that is not the app's point, mixed with other apps' audio.
        public static let ambient = Category(rawValue: "AVAudioSessionCategoryAmbient")
        /// The default: like ambient, but it silences other apps' audio.
        public static let soloAmbient = Category(rawValue: "AVAudioSessionCategorySoloAmbient")
        /// Music or other sound central to the app.
        public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
        /// Playback and recording, as in VoIP apps (the tutorials' Audio tab).
        public static let playAndRecord = Category(rawValue: "AVAudioSessionCategoryPlayAndRecord")

        private static let runtime: [(Category, AudioSessionCategory)] = [
            (.ambient, .ambient), (.soloAmbient, .soloAmbient), (.playback, .playback), (.playAndRecord, .playAndRecord),
        ]

        /// The Audio module's category; nil for one Backgrounder does not have.
        var runtimeCategory: AudioSessionCategory? { Self.runtime.first { $0.0 == self }?.1 }

        init(_ category: AudioSessionCategory) {
            self = Self.runtime.first { $0.1 == category }!.0
        }

        public var description: String { rawValue }
    }
}
