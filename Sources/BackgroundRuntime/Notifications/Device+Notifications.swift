/// The system's side of notifications: the permission prompt, presenting, and the user
/// choosing a notification's action.
extension Device {
    func requestNotificationAuthorization() -> Bool {
        guard profile.needsNotificationAuthorization else { return true }
        let (authorization, asked) = notifications.requestAuthorization()
        guard asked else { return authorization == .authorized }
        if authorization == .notDetermined {
            notifications.showingAlert(presentAlert(
                title: "“\(infoPlist.bundleName)” Would Like to Send You Notifications",
                message: "Notifications may include alerts, sounds, and icon badges. These can be configured in Settings.",
                buttons: [
                    SystemAlertButton(title: "Don’t Allow", command: "notification authorize deny"),
                    SystemAlertButton(title: "Allow", command: "notification authorize allow"),
                ]))
        } else {
            logNotificationAnswer(authorization)
        }
        publishNotifications()
        return authorization == .authorized
    }

    /// The user's answer to the notification permission alert, or a change in Settings ▸
    /// Notifications: the alert goes away and notifications are allowed or not from now on.
    public func authorizeNotifications(allow: Bool) {
        if let alert = notifications.authorize(allow: allow) { dismissAlert(alert) }
        logNotificationAnswer(notifications.authorization)
        publishNotifications()
    }

    /// Settings ▸ General ▸ Reset ▸ Reset Location & Privacy, for notifications: the app's next
    /// request shows the permission alert again and waits for the user.
    public func resetNotificationAuthorization() {
        if let alert = notifications.resetAuthorization() { dismissAlert(alert) }
        publishNotifications()
    }

    private func logNotificationAnswer(_ authorization: NotificationAuthorization) {
        console.log(
            "\"\(infoPlist.bundleName)\" Would Like to Send You Notifications: the user chose "
                + (authorization == .authorized ? "Allow" : "Don't Allow"))
    }

    @discardableResult
    func presentNotification(_ notification: LocalNotification) -> DeliveredNotification? {
        let authorization = notifications.authorization
        if profile.needsNotificationAuthorization, authorization != .authorized {
            report(
                .notificationNotAuthorized,
                "the notification \"\(notification.alertBody)\" was dropped: the app may not post notifications "
                    + "(authorization is \(authorization.rawValue)); iOS \(profile.iOSVersion) needs "
                    + "requestNotificationAuthorization() to be answered Allow first")
            return nil
        }
        let delivered = notifications.deliver(notification, at: loop.now.seconds)
        console.log("Notification: \(delivered.consoleText)")
        publishNotifications()
        notifications.desktop?.show(delivered) { [weak self] in
            self?.loop.schedule(after: .zero) { [weak self] in self?.answerNotification(id: delivered.id) }
        } failed: { [weak self] reason in
            self?.console.log("Desktop notification not shown: \(reason)")
        }
        return delivered
    }

    /// The user chooses the action of the notification `id` (of the banner when nil), e.g.
    /// Answer: the app comes to the foreground, launched if it is not running. Returns the
    /// notification, or nil, doing nothing, if no such notification is waiting.
    @discardableResult
    public func answerNotification(id: Int? = nil) -> DeliveredNotification? {
        guard let answered = notifications.answer(id: id) else { return nil }
        console.log("Notification action chosen: \(answered.consoleText)")
        publishNotifications()
        notifications.desktop?.withdraw(answered)
        openApp()
        return answered
    }

    private func publishNotifications() {
        publish(notifications.snapshot, for: "notifications")
    }
}
