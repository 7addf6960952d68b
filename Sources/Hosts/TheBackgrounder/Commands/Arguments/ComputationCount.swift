import BackgroundCommands

/// How many Fibonacci numbers the Whatever tab's Compute button computes: 1 to 10000.
struct ComputationCount: CommandArgument {
    static let range = 1...10_000
    let count: Int

    init?(commandWord word: String) {
        guard let count = Int(word), Self.range.contains(count) else { return nil }
        self.count = count
    }

    static let expectation = "a count from 1 to 10000"
}
