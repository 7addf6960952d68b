import Audio

extension AVAudioSession {
    /// How the app deactivates its session (`AVAudioSession.SetActiveOptions`).
    public struct SetActiveOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Another app's audio that the session interrupted is told it may resume.
        public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)

        /// The Audio module's options.
        var runtimeOptions: AudioSessionSetActiveOptions {
            contains(.notifyOthersOnDeactivation) ? .notifyOthersOnDeactivation : []
        }
    }
}
