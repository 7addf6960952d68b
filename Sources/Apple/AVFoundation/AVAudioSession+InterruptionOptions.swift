extension AVAudioSession {
    /// What the end of an interruption allows (`AVAudioSession.InterruptionOptions`), under
    /// ``AVAudioSessionInterruptionOptionKey`` as a `UInt`.
    public struct InterruptionOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// The app may play again: the call was declined.
        public static let shouldResume = InterruptionOptions(rawValue: 1)
    }
}
