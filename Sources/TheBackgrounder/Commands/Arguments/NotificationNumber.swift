/// The number of a notification, as the console and the web UI show it: 1, 2, …
struct NotificationNumber: CommandArgument {
    let id: Int

    init?(commandWord word: String) {
        guard let id = Int(word), id > 0 else { return nil }
        self.id = id
    }

    static let expectation = "a notification number"
}
