/// A notification the app presents, like `UILocalNotification`: its text, the title of its
/// action button, and the category whose actions it shows.
public struct LocalNotification: Sendable, Equatable, Codable {
    /// The message, e.g. "New VOIP call".
    public var alertBody: String
    /// The action's title, e.g. "Answer"; iOS shows "View" when there is none.
    public var alertAction: String?
    /// A remote notification's `apns-collapse-id`: it replaces the earlier one with the same.
    public var collapseID: String?
    /// The ``NotificationCategory`` whose actions it shows (`categoryIdentifier`, a push's
    /// `aps.category`); iOS 8 and later.
    public var categoryIdentifier: String?
    /// The title shown above the message (`UNNotificationContent.title`), if any.
    public var title: String?
    /// The app's data as a JSON object (`UNNotificationContent.userInfo`; a push's payload), if any.
    public var userInfo: String?
    /// The number for the app's icon (`badge`); Backgrounder shows no icon and keeps it for the app.
    public var badge: Int?
    /// The sound's name, "default" for the system's (`sound`); Backgrounder plays none and keeps it
    /// for the app.
    public var sound: String?
    /// How much it may interrupt the user (`interruptionLevel`, iOS 15; a push's
    /// `aps.interruption-level`); nil is active, the default.
    public var interruptionLevel: NotificationInterruptionLevel?

    public init(
        alertBody: String, alertAction: String? = nil, collapseID: String? = nil, categoryIdentifier: String? = nil,
        title: String? = nil, userInfo: String? = nil, badge: Int? = nil, sound: String? = nil,
        interruptionLevel: NotificationInterruptionLevel? = nil
    ) {
        self.alertBody = alertBody
        self.alertAction = alertAction
        self.collapseID = collapseID
        self.categoryIdentifier = categoryIdentifier
        self.title = title
        self.userInfo = userInfo
        self.badge = badge
        self.sound = sound
        self.interruptionLevel = interruptionLevel
    }

    /// The action's title as shown.
    public var actionTitle: String { alertAction ?? "View" }
}
