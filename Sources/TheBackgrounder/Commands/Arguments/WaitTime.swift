/// The time `wait` lets pass: 0 to 86,400 seconds, decimals allowed.
struct WaitTime: CommandArgument {
    let duration: Duration

    init?(commandWord word: String) {
        guard let seconds = Double(word), seconds.isFinite, seconds >= 0, seconds <= 86_400 else { return nil }
        duration = .seconds(roundedToMilliseconds: seconds)
    }

    static let expectation = "a number of seconds between 0 and 86400"
}
