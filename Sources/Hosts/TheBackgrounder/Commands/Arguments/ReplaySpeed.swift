import BackgroundCommands

/// How many times real time a simulated route runs: above 0, at most 1000.
struct ReplaySpeed: CommandArgument {
    let factor: Double

    /// Real time.
    static let realTime = ReplaySpeed(checkedFactor: 1)

    private init(checkedFactor: Double) {
        factor = checkedFactor
    }

    init?(commandWord word: String) {
        guard let factor = Double(word), factor.isFinite, factor > 0, factor <= 1000 else { return nil }
        self.factor = factor
    }

    static let expectation = "a number above 0 and at most 1000"
}
