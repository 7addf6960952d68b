/// A kind of notification and its buttons, like `UNNotificationCategory`: the app registers its
/// categories (`Application/setNotificationCategories(_:)`) and a notification names one
/// (``LocalNotification/categoryIdentifier``, a push's `aps.category`) to show its actions.
public struct NotificationCategory: Sendable, Equatable, Codable {
    public var identifier: String
    /// The buttons, in the order they show.
    public var actions: [NotificationAction]

    public init(identifier: String, actions: [NotificationAction]) {
        self.identifier = identifier
        self.actions = actions
    }
}
