import BackgroundRuntime

extension BackgroundFetchInterval: CommandArgument {
    /// Reads `minimum`, `never`, or a number of seconds up to a year.
    public init?(commandWord word: String) {
        switch word {
        case "minimum": self = .minimum
        case "never": self = .never
        default:
            guard let seconds = Double(word), seconds.isFinite, seconds > 0, seconds <= 31_536_000 else { return nil }
            self = .interval(.seconds(roundedToMilliseconds: seconds))
        }
    }

    public static let expectation = "minimum, never, or a number of seconds up to 31536000"
}
