import BackgroundRuntime

/// How a notification presented while the app is active shows (`UNNotificationPresentationOptions`).
/// Backgrounder shows a banner for `.banner`, `.list` or `.alert`, and plays no sound and
/// shows no badge.
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)

    /// The runtime's presentation: a banner if the options show one.
    var presentation: NotificationPresentation {
        isDisjoint(with: [.alert, .list, .banner]) ? .none : .banner
    }
}
