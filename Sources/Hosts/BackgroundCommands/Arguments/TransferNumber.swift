/// The identifier of a background transfer, as `status` shows it (`backgroundTransfers[].task`): 1, 2, …
public struct TransferNumber: CommandArgument {
    /// The transfer's identifier.
    public let id: Int

    public init?(commandWord word: String) {
        guard let id = Int(word), id > 0 else { return nil }
        self.id = id
    }

    public static let expectation = "a background transfer's number"
}
