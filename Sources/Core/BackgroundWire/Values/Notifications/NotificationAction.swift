/// A button of a notification, like `UNNotificationAction`: chosen, it opens the app when its
/// options hold `.foreground`, and otherwise hands the answer to the app in the background.
public struct NotificationAction: Sendable, Equatable, Codable {
    /// What the app is told was chosen (`UNNotificationResponse.actionIdentifier`), e.g. "decline".
    public var identifier: String
    /// The button's title, e.g. "Decline".
    public var title: String
    public var options: NotificationActionOptions

    public init(identifier: String, title: String, options: NotificationActionOptions = []) {
        self.identifier = identifier
        self.title = title
        self.options = options
    }
}
