import BackgroundRuntime

/// A notification the app asks for (`UNNotificationRequest`): the runtime's
/// ``BackgroundRuntime/NotificationRequest``. A request with the identifier of a pending one
/// replaces it.
public final class UNNotificationRequest: Sendable {
    public let identifier: String
    public let content: UNNotificationContent
    /// When it is presented; nil for at once.
    public let trigger: UNNotificationTrigger?

    /// `trigger` is nil or a ``UNTimeIntervalNotificationTrigger``, the one trigger Backgrounder
    /// has (``UNNotificationTrigger`` is not open, and its initializer is internal).
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }

    /// The request of the runtime's `request`.
    convenience init(_ request: NotificationRequest) {
        self.init(
            identifier: request.identifier, content: UNNotificationContent(request.notification),
            trigger: request.trigger.map { UNTimeIntervalNotificationTrigger(timeInterval: $0.timeInterval, repeats: $0.repeats) })
    }

    /// The runtime's request.
    var runtimeRequest: NotificationRequest {
        NotificationRequest(
            identifier: identifier, notification: content.localNotification,
            trigger: (trigger as? UNTimeIntervalNotificationTrigger)?.runtimeTrigger)
    }
}
