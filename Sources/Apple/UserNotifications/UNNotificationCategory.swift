import BackgroundRuntime

/// A kind of notification and its buttons (`UNNotificationCategory`): the runtime's
/// ``BackgroundRuntime/NotificationCategory``. Equal categories have the same identifier.
public final class UNNotificationCategory: Hashable, Sendable {
    public let identifier: String
    public let actions: [UNNotificationAction]
    /// Siri intents; Backgrounder keeps them for the app.
    public let intentIdentifiers: [String]
    public let options: UNNotificationCategoryOptions

    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.options = options
    }

    /// The runtime's category.
    var runtimeCategory: NotificationCategory {
        NotificationCategory(identifier: identifier, actions: actions.map(\.runtimeAction))
    }

    public static func == (lhs: UNNotificationCategory, rhs: UNNotificationCategory) -> Bool {
        lhs.identifier == rhs.identifier
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }
}
