import BackgroundWire

/// Notifications from outside the app — what the notification center shows, the user's
/// permission and answers — reached as ``Device/notificationCenter``; the rules are in
/// `SystemStateMachine+Notifications.swift`.
///
/// A view of the device: it holds the device and keeps nothing of its own.
public struct DeviceNotificationCenter: Sendable {
    let device: Device

    /// The notification center: the permission, the banner and the latest notifications.
    public var snapshot: NotificationsSnapshot { device.read(\.notifications.snapshot) }

    /// How the user answers the notification permission prompt when the app asks.
    public var permissionAnswer: NotificationPermissionAnswer {
        get { device.read(\.notifications.userAnswer) }
        nonmutating set { device.handle { $0.setNotificationPermissionAnswer(newValue, at: $1) } }
    }

    /// The user's answer to the notification permission alert, or a change in Settings ▸
    /// Notifications: the alert goes away and notifications are allowed or not from now on; an
    /// app whose request showed the alert hears the answer.
    public func authorize(allow: Bool) {
        device.handle { $0.authorizeNotifications(allow: allow, at: $1) }
        device.settle()
    }

    /// Settings ▸ Notifications ▸ the app ▸ Scheduled Summary (iOS 15): on, the app's
    /// notifications that are neither time sensitive nor critical wait quietly for the next
    /// summary; off, those waiting come at once.
    public func setScheduledSummary(_ on: Bool) {
        device.handle { $0.setScheduledSummary(on, at: $1) }
        device.settle()
    }

    /// Settings ▸ General ▸ Reset ▸ Reset Location & Privacy, for notifications: the app's next
    /// request shows the permission alert again and waits for the user.
    public func resetAuthorization() {
        device.handle { $0.resetNotificationAuthorization(at: $1) }
    }

    /// The user chooses the action of the notification `id` (of the banner when nil), e.g.
    /// Answer: the app comes to the foreground, launched if it is not running. Returns the
    /// notification, or nil, doing nothing, if no such notification is waiting.
    @discardableResult
    public func answer(id: Int? = nil) -> DeliveredNotification? {
        try? answer(id: id, action: nil)
    }

    /// The user chooses the action `action` of the notification `id` (the banner's when nil; its
    /// default action when `action` is nil): one with `.foreground` opens the app, any other
    /// is handled by the app in the background. Returns the notification.
    @discardableResult
    public func answer(id: Int?, action: String?) throws(NotificationAnswerRefusal) -> DeliveredNotification {
        let answered = device.handle { $0.answerNotification(id: id, action: action, at: $1) }
        device.settle()
        return try answered.get()
    }
}
