/// The user's answer to a notification, like `UNNotificationResponse`: the notification and the
/// action chosen.
public struct NotificationResponse: Sendable, Equatable, Codable {
    /// The identifier of a tap on the notification itself, or of its action button when it names
    /// no category (`UNNotificationDefaultActionIdentifier`).
    public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"

    public let notification: DeliveredNotification
    /// The chosen action's ``NotificationAction/identifier``, or ``defaultActionIdentifier``.
    public let actionIdentifier: String

    package init(notification: DeliveredNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
    }
}
