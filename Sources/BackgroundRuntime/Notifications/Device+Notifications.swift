/// Notifications from outside the app; the rules are in
/// `SystemStateMachine+Notifications.swift`.
extension Device {
    /// The notification center: the permission, the banner and the latest notifications.
    public var notifications: NotificationsSnapshot { read(\.notifications.snapshot) }

    /// How the user answers the notification permission prompt when the app asks.
    public var notificationPermissionAnswer: NotificationPermissionAnswer {
        get { read(\.notifications.userAnswer) }
        set { handle { $0.setNotificationPermissionAnswer(newValue, at: $1) } }
    }

    /// The user's answer to the notification permission alert, or a change in Settings ▸
    /// Notifications: the alert goes away and notifications are allowed or not from now on.
    public func authorizeNotifications(allow: Bool) {
        handle { $0.authorizeNotifications(allow: allow, at: $1) }
    }

    /// Settings ▸ General ▸ Reset ▸ Reset Location & Privacy, for notifications: the app's next
    /// request shows the permission alert again and waits for the user.
    public func resetNotificationAuthorization() {
        handle { $0.resetNotificationAuthorization(at: $1) }
    }

    /// The user chooses the action of the notification `id` (of the banner when nil), e.g.
    /// Answer: the app comes to the foreground, launched if it is not running. Returns the
    /// notification, or nil, doing nothing, if no such notification is waiting.
    @discardableResult
    public func answerNotification(id: Int? = nil) -> DeliveredNotification? {
        let answered = handle { $0.answerNotification(id: id, at: $1) }
        settle()
        return answered
    }
}
