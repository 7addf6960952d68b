import BackgroundRuntime

/// A notification the system presented (`UNNotification`): when, and the request it came from.
/// A push's request has its `apns-collapse-id` for identifier, or the notification's number.
public final class UNNotification: Sendable {
    public let date: Date
    public let request: UNNotificationRequest

    /// The runtime's `delivered` notification.
    init(_ delivered: DeliveredNotification) {
        date = Date(timeIntervalSince1970: delivered.timestamp)
        request = UNNotificationRequest(
            identifier: delivered.collapseID ?? "\(delivered.id)", content: UNNotificationContent(delivered), trigger: nil)
    }
}
