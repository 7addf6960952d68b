/// The time `wait` lets pass: 0 to 86,400 seconds, decimals allowed.
public struct WaitTime: CommandArgument {
    /// The time.
    public let duration: Duration

    public init?(commandWord word: String) {
        guard let seconds = Double(word), seconds.isFinite, seconds >= 0, seconds <= 86_400 else { return nil }
        duration = .seconds(roundedToMilliseconds: seconds)
    }

    public static let expectation = "a number of seconds between 0 and 86400"
}
