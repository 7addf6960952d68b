import BackgroundWire

/// Notification requests (`UNUserNotificationCenter.add(_:)`, iOS 10): the system keeps a
/// request until its trigger fires and then presents its notification, whatever the app's
/// state — the app is not woken for it — under the rules of presenting
/// (`SystemStateMachine+Notifications.swift`). It keeps the 64 that fire soonest (Apple, Local
/// and Remote Notification Programming Guide: “the system keeps the soonest-firing 64
/// notifications … and discards the rest”).
extension SystemStateMachine {
    /// How many pending requests the system keeps.
    static let pendingNotificationLimit = 64

    /// The app's request: presented at once without a trigger, else kept until it fires; it
    /// replaces a pending request with the same identifier. Without the user's permission
    /// (iOS 8 and later) it is refused, with the reason. Returns whether it was taken.
    mutating func addNotificationRequest(_ request: NotificationRequest, at moment: Moment) -> (Bool, [SystemEffect]) {
        begin(moment)
        if profile.needsNotificationAuthorization, notifications.authorization != .authorized {
            report(
                .notificationNotAuthorized,
                "the notification request \(request.identifier) was refused: the app may not post notifications "
                    + "(authorization is \(notifications.authorization.rawValue)); requestAuthorization must be answered "
                    + "Allow first")
            return (false, finish())
        }
        removePending(request.identifier)
        guard let trigger = request.trigger else {
            _ = presentNotification(notification(of: request))
            return (true, finish())
        }
        schedulePending(request, in: trigger)
        log("Notification request \(request.identifier) is pending: it fires in \(Duration.seconds(trigger.timeInterval).secondsText) s"
            + (trigger.repeats ? ", and again every as many seconds" : ""))
        if notifications.pending.count > Self.pendingNotificationLimit,
            let latest = notifications.pending.values.max(by: { ($0.fireTime, $0.request.identifier) < ($1.fireTime, $1.request.identifier) })
        {
            removePending(latest.request.identifier)
            log("Notification request \(latest.request.identifier) discarded: the system keeps the \(Self.pendingNotificationLimit) that fire soonest")
        }
        publishNotifications()
        return (true, finish())
    }

    /// Removes the pending requests `identifiers`, all of them when nil.
    mutating func removePendingNotificationRequests(identifiers: [String]?, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        for identifier in identifiers ?? Array(notifications.pending.keys) { removePending(identifier) }
        publishNotifications()
        return finish()
    }

    /// The trigger of request `identifier` fired: its notification is presented, and a
    /// repeating one is kept for its next time.
    mutating func notificationTriggerFired(_ identifier: String) {
        guard let pending = notifications.pending.removeValue(forKey: identifier) else { return }
        if let trigger = pending.request.trigger, trigger.repeats { schedulePending(pending.request, in: trigger) }
        _ = presentNotification(notification(of: pending.request))
        publishNotifications()
    }

    private mutating func schedulePending(_ request: NotificationRequest, in trigger: NotificationTrigger) {
        let fireTime = now + .milliseconds(Int64((trigger.timeInterval * 1000).rounded()))
        let timer = schedule(.notificationTrigger(identifier: request.identifier), at: fireTime)
        notifications.pending[request.identifier] = PendingNotification(request: request, fireTime: fireTime, timer: timer)
    }

    private mutating func removePending(_ identifier: String) {
        guard let pending = notifications.pending.removeValue(forKey: identifier) else { return }
        cancel(pending.timer)
    }

    /// The request's notification, whose collapse identifier is the request's identifier: it
    /// replaces a notification shown with the same, as a push's `apns-collapse-id` (which
    /// iOS makes the request's identifier) does.
    private func notification(of request: NotificationRequest) -> LocalNotification {
        var notification = request.notification
        notification.collapseID = request.identifier
        return notification
    }
}
