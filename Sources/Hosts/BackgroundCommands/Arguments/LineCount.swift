/// How many matching console lines `wait for TEXT N` waits for: 1 to 10,000.
public struct LineCount: CommandArgument {
    /// The count.
    public let value: Int

    public init?(commandWord word: String) {
        guard let count = Int(word), (1...10_000).contains(count) else { return nil }
        value = count
    }

    public static let expectation = "a number of lines from 1 to 10000"
}
