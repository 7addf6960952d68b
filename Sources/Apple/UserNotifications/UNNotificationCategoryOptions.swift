/// How a category's notifications behave (`UNNotificationCategoryOptions`); Backgrounder keeps
/// them for the app.
public struct UNNotificationCategoryOptions: OptionSet, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
}
