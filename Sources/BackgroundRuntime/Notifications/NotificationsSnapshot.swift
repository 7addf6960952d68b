/// What the notification center shows, published under `notifications` for `status` and the
/// web UI: the banner of the latest notification not yet answered, and the recent ones.
public struct NotificationsSnapshot: ScreenSnapshot, Equatable, Codable {
    public let authorization: NotificationAuthorization
    /// The latest notification still waiting for its action; nil when there is none.
    public let banner: DeliveredNotification?
    /// The latest notifications, oldest first.
    public let delivered: [DeliveredNotification]
    /// The requests waiting for their triggers, the soonest first.
    public let pending: [NotificationRequest]
}
