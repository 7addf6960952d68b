/// A notification the system presented, as the notification center, the banner and `status`
/// show it.
public struct DeliveredNotification: Sendable, Equatable, Codable {
    /// A number that grows by one with each notification of a device.
    public let id: Int
    public let alertBody: String
    /// The action's title ("Answer").
    public let action: String
    /// When it was presented, in seconds since the device booted.
    public let time: Double
    /// When it was presented, by the device's wall clock, in seconds since 1970.
    public let timestamp: Double
    /// Whether the user chose its action.
    public var answered: Bool
    /// Whether it shows as a banner (and on the desktop): a notification presented while the
    /// app is active is handed to the app instead, and shows only if the app asks (iOS 10+).
    public var shown: Bool
    /// A remote notification's `apns-collapse-id`, if it had one.
    public var collapseID: String?
    /// The buttons of its category; nil when it names none, or none the app registered, and it
    /// has only its one action.
    public var actions: [NotificationAction]?
    /// The category it named, the title, the app's data, badge and sound, as the app or the push
    /// posted them (see ``LocalNotification``).
    public var categoryIdentifier: String?
    public var title: String?
    public var userInfo: String?
    public var badge: Int?
    public var sound: String?
    /// How much it may interrupt the user (iOS 15); nil before iOS 15, and for one posted
    /// without a level, which is active.
    public var interruptionLevel: NotificationInterruptionLevel?
    /// Why it went quietly to Notification Center instead of showing (a Focus, the Scheduled
    /// Summary, a provisional permission); null when it showed, or was handed to the app.
    @ExplicitNull public var held: NotificationHold?

    /// `New VOIP call [Answer]`, or with a title `Ray: New VOIP call [Answer]`, as the console
    /// shows it.
    public var consoleText: String { (title.map { "\($0): " } ?? "") + "\(alertBody) [\(action)]" }

    package init(
        id: Int, alertBody: String, action: String, time: Double, timestamp: Double, answered: Bool, shown: Bool,
        collapseID: String? = nil, actions: [NotificationAction]? = nil, categoryIdentifier: String? = nil,
        title: String? = nil, userInfo: String? = nil, badge: Int? = nil, sound: String? = nil,
        interruptionLevel: NotificationInterruptionLevel? = nil, held: NotificationHold? = nil
    ) {
        self.id = id
        self.alertBody = alertBody
        self.action = action
        self.time = time
        self.timestamp = timestamp
        self.answered = answered
        self.shown = shown
        self.collapseID = collapseID
        self.actions = actions
        self.categoryIdentifier = categoryIdentifier
        self.title = title
        self.userInfo = userInfo
        self.badge = badge
        self.sound = sound
        self.interruptionLevel = interruptionLevel
        self.held = held
    }
}
