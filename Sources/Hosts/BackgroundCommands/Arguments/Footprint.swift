/// The app's memory footprint that `device memory-pressure critical` weighs: a whole number of
/// megabytes, with or without `MB`.
public struct Footprint: CommandArgument {
    /// The footprint in bytes.
    public let bytes: Int

    public init?(commandWord word: String) {
        let digits = word.uppercased().hasSuffix("MB") ? String(word.dropLast(2)) : word
        guard let megabytes = Int(digits), (0...65_536).contains(megabytes) else { return nil }
        bytes = megabytes << 20
    }

    public static let expectation = "a footprint in megabytes from 0 to 65536, e.g. 80MB"
}
