/// A notification the app asks the system to present, now or when its trigger fires, like
/// `UNNotificationRequest`: the system keeps it by its identifier until then.
public struct NotificationRequest: Sendable, Equatable, Codable {
    /// Names the request: a new request with the same identifier replaces the pending one, and
    /// its notification replaces one shown with the same (it is the notification's collapse
    /// identifier).
    public var identifier: String
    public var notification: LocalNotification
    /// When it is presented; nil for at once.
    public var trigger: NotificationTrigger?

    public init(identifier: String, notification: LocalNotification, trigger: NotificationTrigger?) {
        self.identifier = identifier
        self.notification = notification
        self.trigger = trigger
    }
}
