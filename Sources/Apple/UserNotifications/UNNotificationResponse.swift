import BackgroundRuntime

/// The identifier of a response to a tap on the notification itself
/// (`UNNotificationDefaultActionIdentifier`).
public let UNNotificationDefaultActionIdentifier = NotificationResponse.defaultActionIdentifier

/// The user's answer to a notification (`UNNotificationResponse`): the runtime's
/// ``BackgroundRuntime/NotificationResponse``. Backgrounder has no dismiss action.
public final class UNNotificationResponse: Sendable {
    public let notification: UNNotification
    /// The chosen action's identifier, or ``UNNotificationDefaultActionIdentifier``.
    public let actionIdentifier: String

    init(_ response: NotificationResponse) {
        notification = UNNotification(response.notification)
        actionIdentifier = response.actionIdentifier
    }
}
