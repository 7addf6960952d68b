import BackgroundRuntime

/// How an action behaves (`UNNotificationActionOptions`): the runtime's
/// ``BackgroundRuntime/NotificationActionOptions``.
public struct UNNotificationActionOptions: OptionSet, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The action can be chosen only on an unlocked device.
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    /// The action destroys something.
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    /// Choosing it opens the app; without it the app handles it in the background.
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)

    /// The runtime's options.
    var runtimeOptions: NotificationActionOptions {
        var options: NotificationActionOptions = []
        if contains(.authenticationRequired) { options.insert(.authenticationRequired) }
        if contains(.destructive) { options.insert(.destructive) }
        if contains(.foreground) { options.insert(.foreground) }
        return options
    }
}
