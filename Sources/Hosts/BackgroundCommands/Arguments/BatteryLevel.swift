/// The battery's charge that `device battery` sets: a whole number of percent from 0 to 100,
/// with or without `%`.
public struct BatteryLevel: CommandArgument {
    /// The charge in percent.
    public let percent: Int

    public init?(commandWord word: String) {
        let digits = word.hasSuffix("%") ? String(word.dropLast()) : word
        guard let percent = Int(digits), (0...100).contains(percent) else { return nil }
        self.percent = percent
    }

    public static let expectation = "a battery level in percent from 0 to 100"
}
