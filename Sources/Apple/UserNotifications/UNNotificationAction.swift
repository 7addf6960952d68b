import BackgroundRuntime

/// A button of a notification (`UNNotificationAction`): the runtime's
/// ``BackgroundRuntime/NotificationAction``.
public final class UNNotificationAction: Sendable {
    /// What the response names when it is chosen.
    public let identifier: String
    public let title: String
    public let options: UNNotificationActionOptions

    public init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.identifier = identifier
        self.title = title
        self.options = options
    }

    /// The runtime's action.
    var runtimeAction: NotificationAction {
        NotificationAction(identifier: identifier, title: title, options: options.runtimeOptions)
    }
}
