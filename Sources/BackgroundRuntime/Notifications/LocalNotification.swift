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

    public init(alertBody: String, alertAction: String? = nil, collapseID: String? = nil, categoryIdentifier: String? = nil) {
        self.alertBody = alertBody
        self.alertAction = alertAction
        self.collapseID = collapseID
        self.categoryIdentifier = categoryIdentifier
    }

    /// The action's title as shown.
    public var actionTitle: String { alertAction ?? "View" }
}
