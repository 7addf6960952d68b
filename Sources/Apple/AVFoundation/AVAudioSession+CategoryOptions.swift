import Audio

extension AVAudioSession {
    /// How the app's audio goes with other apps' and where it goes
    /// (`AVAudioSession.CategoryOptions`), with Apple's raw values. Backgrounder's session models
    /// ``mixWithOthers`` and ``duckOthers`` (a session that mixes does not make the app the Now
    /// Playing app); the others are kept and read back, and change nothing here.
    public struct CategoryOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        public static let mixWithOthers = CategoryOptions(rawValue: 0x1)
        public static let duckOthers = CategoryOptions(rawValue: 0x2)
        public static let allowBluetooth = CategoryOptions(rawValue: 0x4)
        /// With playAndRecord, the speaker rather than the receiver (the 2013 tutorial's).
        public static let defaultToSpeaker = CategoryOptions(rawValue: 0x8)
        public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 0x11)
        public static let allowBluetoothA2DP = CategoryOptions(rawValue: 0x20)
        public static let allowAirPlay = CategoryOptions(rawValue: 0x40)

        /// The options Backgrounder's session has.
        static let modelled: CategoryOptions = [.mixWithOthers, .duckOthers]

        /// The Audio module's options.
        var runtimeOptions: AudioSessionCategoryOptions {
            var options: AudioSessionCategoryOptions = []
            if contains(.mixWithOthers) { options.insert(.mixWithOthers) }
            if contains(.duckOthers) { options.insert(.duckOthers) }
            return options
        }

        init(_ options: AudioSessionCategoryOptions) {
            self = []
            if options.contains(.mixWithOthers) { insert(.mixWithOthers) }
            if options.contains(.duckOthers) { insert(.duckOthers) }
        }
    }
}
