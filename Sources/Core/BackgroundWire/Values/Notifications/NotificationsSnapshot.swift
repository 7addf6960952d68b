/// What the notification center shows, published under `notifications` for `status` and the
/// web UI: the banner of the latest notification not yet answered, and the recent ones.
public struct NotificationsSnapshot: ScreenSnapshot, Equatable, Codable {
    public let authorization: NotificationAuthorization
    /// Whether the permission is provisional (iOS 12): authorized, but delivered quietly.
    public var provisional = false
    /// Whether the user has the app's notifications delivered in the Scheduled Summary (iOS 15).
    public var scheduledSummary = false
    /// The latest notification still waiting for its action; nil when there is none.
    public let banner: DeliveredNotification?
    /// The latest notifications, oldest first.
    public let delivered: [DeliveredNotification]
    /// The requests waiting for their triggers, the soonest first.
    public let pending: [NotificationRequest]

    package init(
        authorization: NotificationAuthorization, provisional: Bool = false, scheduledSummary: Bool = false,
        banner: DeliveredNotification?, delivered: [DeliveredNotification], pending: [NotificationRequest]
    ) {
        self.authorization = authorization
        self.provisional = provisional
        self.scheduledSummary = scheduledSummary
        self.banner = banner
        self.delivered = delivered
        self.pending = pending
    }
}
