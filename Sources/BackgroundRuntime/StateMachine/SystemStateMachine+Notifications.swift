/// Notifications: the permission prompt (iOS 8 and later, Apple's
/// `UNUserNotificationCenter.requestAuthorization`: the user is asked once), presenting, and
/// the user choosing a notification's action, which opens the app.
extension SystemStateMachine {
    /// The app asks to post notifications; returns whether it may. The first time the user
    /// is asked: with the answer `ask`, an alert waits for ``authorizeNotifications(allow:at:)``.
    mutating func requestNotificationAuthorization(at moment: Moment) -> (Bool, [SystemEffect]) {
        begin(moment)
        guard profile.needsNotificationAuthorization else { return (true, finish()) }
        if notifications.authorization == .notDetermined {
            switch notifications.userAnswer {
            case .allow: notifications.authorization = .authorized
            case .deny: notifications.authorization = .denied
            case .ask:
                if notifications.alert == nil {
                    notifications.alert = presentAlert(
                        title: "“\(infoPlist.bundleName)” Would Like to Send You Notifications",
                        message: "Notifications may include alerts, sounds, and icon badges. These can be configured in Settings.",
                        buttons: [
                            SystemAlertButton(title: "Don’t Allow", command: "notification authorize deny"),
                            SystemAlertButton(title: "Allow", command: "notification authorize allow"),
                        ])
                    publishNotifications()
                }
                return (false, finish())
            }
            logNotificationAnswer()
            publishNotifications()
        }
        return (notifications.authorization == .authorized, finish())
    }

    /// The user's answer to the permission alert, or a change in Settings ▸ Notifications.
    mutating func authorizeNotifications(allow: Bool, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        notifications.authorization = allow ? .authorized : .denied
        if let alert = notifications.alert { dismissAlert(alert) }
        notifications.alert = nil
        logNotificationAnswer()
        publishNotifications()
        return finish()
    }

    /// Settings ▸ General ▸ Reset ▸ Reset Location & Privacy, for notifications: the next
    /// request shows the permission alert again and waits for the user.
    mutating func resetNotificationAuthorization(at moment: Moment) -> [SystemEffect] {
        begin(moment)
        notifications.authorization = .notDetermined
        notifications.userAnswer = .ask
        if let alert = notifications.alert { dismissAlert(alert) }
        notifications.alert = nil
        publishNotifications()
        return finish()
    }

    /// How the user will answer the permission prompt.
    mutating func setNotificationPermissionAnswer(_ answer: NotificationPermissionAnswer, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        notifications.userAnswer = answer
        return finish()
    }

    /// `presentLocalNotificationNow(_:)`: a banner, a console line and a desktop notification;
    /// dropped, with the reason, without permission. While the app is active no banner shows:
    /// the notification is handed to the app, which may ask for the banner from iOS 10.
    mutating func presentNotification(_ notification: LocalNotification, at moment: Moment) -> (DeliveredNotification?, [SystemEffect]) {
        begin(moment)
        let delivered = presentNotification(notification)
        return (delivered, finish())
    }

    /// Presents `notification` (see ``presentNotification(_:at:)``) within an event.
    mutating func presentNotification(_ notification: LocalNotification) -> DeliveredNotification? {
        if profile.needsNotificationAuthorization, notifications.authorization != .authorized {
            report(
                .notificationNotAuthorized,
                "the notification \"\(notification.alertBody)\" was dropped: the app may not post notifications "
                    + "(authorization is \(notifications.authorization.rawValue)); iOS \(profile.iOSVersion) needs "
                    + "requestNotificationAuthorization() to be answered Allow first")
            return nil
        }
        let isActive = appState == .active
        let (delivered, replaced) = notifications.deliver(notification, at: now.seconds, shown: !isActive)
        if let replaced {
            log("Notification \(replaced.id) is replaced by the next one with its apns-collapse-id \(replaced.collapseID ?? "")")
            emit(.withdrawDesktopNotification(replaced))
        }
        publishNotifications()
        if isActive {
            let how = profile.presentsNotificationsThroughTheApp ? "willPresent decides on the banner" : "no banner"
            log("Notification: \(delivered.consoleText) (the app is active: handed to the app, \(how))")
            deliver(.notification(delivered))
        } else {
            log("Notification: \(delivered.consoleText)")
            emit(.showDesktopNotification(delivered))
        }
        return delivered
    }

    /// The app's `willPresent` asked for the banner of notification `id`.
    mutating func showNotification(id: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if let shown = notifications.show(id: id) {
            log("Notification shown at the app's request: \(shown.consoleText)")
            publishNotifications()
            emit(.showDesktopNotification(shown))
        }
        return finish()
    }

    /// The user chooses the action of notification `id` (of the banner when nil): the app
    /// comes to the foreground, launched if it is not running, and learns which notification
    /// and action. Nil, doing nothing, if no such notification is waiting.
    mutating func answerNotification(id: Int?, at moment: Moment) -> (DeliveredNotification?, [SystemEffect]) {
        begin(moment)
        guard let answered = notifications.answer(id: id) else { return (nil, finish()) }
        log("Notification action chosen: \(answered.consoleText)")
        publishNotifications()
        emit(.withdrawDesktopNotification(answered))
        openApp()
        deliver(.notificationResponse(answered))
        return (answered, finish())
    }

    private mutating func logNotificationAnswer() {
        log(
            "\"\(infoPlist.bundleName)\" Would Like to Send You Notifications: the user chose "
                + (notifications.authorization == .authorized ? "Allow" : "Don't Allow"))
    }

    private mutating func publishNotifications() {
        markChanged()
        emit(.publishNotifications(notifications.snapshot))
    }
}
