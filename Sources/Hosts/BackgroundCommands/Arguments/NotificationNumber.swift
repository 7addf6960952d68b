/// The number of a notification, as the console and the web UI show it: 1, 2, …
public struct NotificationNumber: CommandArgument {
    /// The notification's number.
    public let id: Int

    public init?(commandWord word: String) {
        guard let id = Int(word), id > 0 else { return nil }
        self.id = id
    }

    public static let expectation = "a notification number"
}
