import BackgroundWire

/// Notifications: the permission prompt (iOS 8 and later, Apple's
/// `UNUserNotificationCenter.requestAuthorization`: the user is asked once), presenting, the
/// app's categories of actions, and the user choosing an action, which opens the app or, without
/// `.foreground`, is handled in the background (Apple, `UNNotificationActionOptions`,
/// “Handling notifications and notification-related actions”).
extension SystemStateMachine {
    /// How long an action handled in the background holds the app at most: Backgrounder's
    /// model, as Apple gives no figure; the time of a background push.
    static let notificationActionTime = Duration.seconds(30)

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

    /// The app asks for a provisional permission (`UNAuthorizationOptions.provisional`, iOS 12):
    /// without asking the user, it may post notifications, which go quietly to Notification
    /// Center (rule provisional-notifications); returns whether it may post. Before iOS 12, or
    /// once the permission is decided, it is an ordinary request.
    mutating func requestProvisionalNotificationAuthorization(at moment: Moment) -> (Bool, [SystemEffect]) {
        guard profile.hasProvisionalNotifications, notifications.authorization == .notDetermined else {
            return requestNotificationAuthorization(at: moment)
        }
        begin(moment)
        notifications.authorization = .authorized
        notifications.isProvisional = true
        log("Notifications: a provisional permission, without asking the user: the app's notifications go quietly to "
            + "Notification Center until the user keeps them (notification authorize allow) or turns them off")
        publishNotifications()
        return (true, finish())
    }

    /// The user's answer to the permission alert, or a change in Settings ▸ Notifications (or,
    /// for a provisional permission, Keep or Turn Off in Notification Center). An app whose
    /// request showed the alert hears the answer.
    mutating func authorizeNotifications(allow: Bool, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        notifications.authorization = allow ? .authorized : .denied
        notifications.isProvisional = false
        if let alert = notifications.alert {
            dismissAlert(alert)
            deliver(.notificationAuthorizationAnswered(granted: allow))
        }
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
        notifications.isProvisional = false
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
        let level = profile.hasInterruptionLevels ? notification.interruptionLevel ?? .active : nil
        let held = isActive ? nil : hold(at: level)
        let (delivered, replaced) = notifications.deliver(
            notification, level: level, held: held, at: now.seconds, date: date(at: now), shown: !isActive && held == nil)
        if let replaced {
            log("Notification \(replaced.id) is replaced by the next one with its apns-collapse-id \(replaced.collapseID ?? "")")
            emit(.withdrawDesktopNotification(replaced))
        }
        publishNotifications()
        if isActive {
            let how = profile.presentsNotificationsThroughTheApp ? "willPresent decides on the banner" : "no banner"
            log("Notification: \(delivered.consoleText) (the app is active: handed to the app, \(how))")
            deliver(.notification(delivered))
        } else if let held {
            log("Notification delivered quietly to Notification Center, no banner or sound: \(delivered.consoleText) "
                + "(\(Self.why(held, level: level)))")
            if held == .scheduledSummary { scheduleSummary() }
        } else {
            let passive = level == .passive ? " (passive: in Notification Center, without lighting the screen or a sound)" : ""
            log("Notification: \(delivered.consoleText)\(passive)")
            emit(.showDesktopNotification(delivered))
        }
        return delivered
    }

    /// Why a notification of interruption level `level` would be held now, if it would: a
    /// provisional permission (iOS 12), the Scheduled Summary, a Focus (iOS 15; before it Do Not
    /// Disturb, which holds every notification). Time-sensitive and critical notifications break
    /// through the last two (rules provisional-notifications, interruption-levels).
    private func hold(at level: NotificationInterruptionLevel?) -> NotificationHold? {
        if notifications.isProvisional { return .provisional }
        let breaksThrough = level?.breaksThrough ?? false
        if profile.hasInterruptionLevels, notifications.deliversInScheduledSummary, !breaksThrough { return .scheduledSummary }
        if profile.hasDoNotDisturb, conditions.isFocusOn, !breaksThrough { return .focus }
        return nil
    }

    /// The console's words for why a notification was held.
    private static func why(_ hold: NotificationHold, level: NotificationInterruptionLevel?) -> String {
        let what = level.map { "it is \($0.rawValue)" } ?? "before iOS 15 every notification is"
        return switch hold {
        case .provisional: "held: provisional, the app's permission is provisional"
        case .scheduledSummary: "held: scheduledSummary, the user has the app's notifications in the Scheduled Summary and \(what), not time-sensitive or critical"
        case .focus: level == nil
            ? "held: focus, Do Not Disturb is on"
            : "held: focus, a Focus is on and \(what), not time-sensitive or critical"
        }
    }

    /// Settings ▸ Notifications ▸ the app ▸ Scheduled Summary (iOS 15): the app's notifications
    /// that are neither time sensitive nor critical wait for the next summary. Turned off, the
    /// ones waiting come at once.
    mutating func setScheduledSummary(_ on: Bool, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard profile.hasInterruptionLevels else {
            report(.unavailableAPI, "\(profile.absence(of: .scheduledSummary)); this is \(profile.name)")
            return finish()
        }
        if notifications.deliversInScheduledSummary != on {
            notifications.deliversInScheduledSummary = on
            log("Scheduled Summary for \(infoPlist.bundleName): \(on ? "on, at 08:00 and 18:00" : "off")")
            if !on { scheduledSummaryFell() }
            publishNotifications()
        }
        return finish()
    }

    /// The Scheduled Summary's hours, in seconds after midnight by the device's clock (UTC):
    /// 08:00 and 18:00, Backgrounder's model of the user's choice.
    static let summaryHours: [Int] = [8 * 3600, 18 * 3600]

    /// Starts the timer of the next summary, unless it runs.
    private mutating func scheduleSummary() {
        guard notifications.summaryTimer == nil else { return }
        let seconds = Int(date(at: now).timeIntervalSince1970.rounded(.down))
        let intoDay = seconds % 86_400
        let wait = Self.summaryHours.map { $0 > intoDay ? $0 - intoDay : $0 + 86_400 - intoDay }.min() ?? 86_400
        notifications.summaryTimer = schedule(.scheduledSummary, after: .seconds(wait))
    }

    /// The Scheduled Summary comes: what waited for it shows.
    mutating func scheduledSummaryFell() {
        cancel(notifications.summaryTimer)
        notifications.summaryTimer = nil
        let released = notifications.releaseSummary()
        guard !released.isEmpty else { return }
        log("Scheduled Summary: \(released.count) notification\(released.count == 1 ? "" : "s") from \(infoPlist.bundleName): "
            + released.map(\.consoleText).joined(separator: "; "))
        publishNotifications()
        for notification in released { emit(.showDesktopNotification(notification)) }
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

    /// The app's categories of notifications (`setNotificationCategories`), iOS 8 and later: they
    /// replace those it set before.
    mutating func setNotificationCategories(_ categories: [NotificationCategory], at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard profile.hasNotificationActions else {
            report(
                .unavailableAPI,
                "notification categories do not exist in \(profile.name): \(profile.absence(of: .notificationActions)); "
                    + "a notification shows only its one action, which opens the app")
            return finish()
        }
        notifications.categories = Dictionary(categories.map { ($0.identifier, $0) }) { _, last in last }
        return finish()
    }

    /// The user chooses the action `action` of notification `id` (the banner's when nil; its
    /// default action when `action` is nil). An action with `.foreground`, or the default one,
    /// brings the app to the foreground, launched if it is not running; any other hands the
    /// answer to the app where it is, waking it or launching it into the background, and holds
    /// it there until the app calls the completion handler, for ``notificationActionTime`` at most.
    mutating func answerNotification(
        id: Int?, action identifier: String?, at moment: Moment
    ) -> (Result<DeliveredNotification, NotificationAnswerRefusal>, [SystemEffect]) {
        begin(moment)
        guard let waiting = notifications.waiting(id: id) else { return (.failure(.notWaiting(id: id)), finish()) }
        var action: NotificationAction?
        if let identifier {
            guard let chosen = waiting.actions?.first(where: { $0.identifier == identifier }) else {
                let refusal = NotificationAnswerRefusal.noSuchAction(
                    identifier, notification: waiting.id, available: waiting.actions?.map(\.identifier) ?? [])
                return (.failure(refusal), finish())
            }
            action = chosen
        }
        guard let answered = notifications.markAnswered(id: waiting.id) else {
            return (.failure(.notWaiting(id: id)), finish())
        }
        publishNotifications()
        emit(.withdrawDesktopNotification(answered))
        let response = NotificationResponse(
            notification: answered, actionIdentifier: action?.identifier ?? NotificationResponse.defaultActionIdentifier)
        if let action, action.options.contains(.authenticationRequired), conditions.isScreenLocked {
            log("Notification action chosen: \(answered.consoleText) → \(action.title); it needs an unlocked device "
                + "(authenticationRequired): the system asks for the passcode and tells the app once the user unlocks")
            notifications.awaitingUnlock = ActionAwaitingUnlock(response: response, action: action)
            return (.success(answered), finish())
        }
        hand(response, chosen: action)
        return (.success(answered), finish())
    }

    /// Hands the user's answer to the app: an action with `.foreground`, or the default one
    /// (`action` nil), opens the app; any other is handled where the app is.
    private mutating func hand(_ response: NotificationResponse, chosen action: NotificationAction?) {
        let answered = response.notification
        guard let action, !action.options.contains(.foreground) else {
            log("Notification action chosen: \(answered.consoleText)" + (action.map { " → \($0.title)" } ?? ""))
            openApp()
            deliver(.notificationResponse(response, endingActivity: nil))
            return
        }
        log("Notification action chosen: \(answered.consoleText) → \(action.title), handled in the background")
        if appState == .notRunning {
            notifications.launchResponse = response
            log("Launching the app into the background for the notification action \(action.identifier)")
            launch(reason: .notificationAction)
        } else {
            deliverInTheBackground(response)
        }
    }

    /// The user unlocked the device: an action chosen while it was locked that needs it unlocked
    /// (`authenticationRequired`) reaches the app now (rule notification-action-needs-an-unlock:
    /// “After unlocking, the system notifies your app of the selected action”).
    mutating func deliverActionAwaitingUnlock() {
        guard let awaiting = notifications.awaitingUnlock else { return }
        notifications.awaitingUnlock = nil
        hand(awaiting.response, chosen: awaiting.action)
    }

    /// Delivers the answer a background launch was for, after didFinishLaunching.
    mutating func deliverLaunchResponse() {
        guard let response = notifications.launchResponse else { return }
        notifications.launchResponse = nil
        deliverInTheBackground(response)
    }

    /// Hands `response` to the app where it is, waking it if it is suspended; the app runs for it
    /// until its completion handler is called, ``notificationActionTime`` at most.
    private mutating func deliverInTheBackground(_ response: NotificationResponse) {
        _ = wake(for: "the notification action \(response.actionIdentifier)", timeLimit: Self.notificationActionTime) {
            .notificationResponse(response, endingActivity: $0)
        }
    }

    private mutating func logNotificationAnswer() {
        log(
            "\"\(infoPlist.bundleName)\" Would Like to Send You Notifications: the user chose "
                + (notifications.authorization == .authorized ? "Allow" : "Don't Allow"))
    }

    mutating func publishNotifications() {
        markChanged()
        emit(.publishNotifications(notifications.snapshot))
    }
}
