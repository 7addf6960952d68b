import BackgroundWire

/// Local notifications, as the app posts them.
extension Application {
    /// Asks the user's permission to post notifications, like
    /// `UNUserNotificationCenter.requestAuthorization`: the user is prompted the first time
    /// only. Returns whether the app may post them. Before iOS 8 no permission is needed.
    @discardableResult
    public func requestNotificationAuthorization() -> Bool {
        system?.requestNotificationAuthorization() ?? false
    }

    /// Asks for a provisional permission (`requestAuthorization(options: .provisional)`, iOS 12
    /// and later): the user is not asked, the app may post at once, and its notifications go
    /// quietly to Notification Center until the user keeps them prominent. Returns whether the
    /// app may post. Before iOS 12, or once the permission is decided, it is
    /// ``requestNotificationAuthorization()``.
    @discardableResult
    public func requestProvisionalNotificationAuthorization() -> Bool {
        system?.requestNotificationAuthorization(provisional: true) ?? false
    }

    /// Asks the user's permission to post notifications, as
    /// `UNUserNotificationCenter.requestAuthorization(options:completionHandler:)` does:
    /// `completionHandler` gets whether the app may post them — at once when that is decided,
    /// else once the user answers the permission alert (`notification authorize`). It is not
    /// called if the launch ends first.
    public func requestNotificationAuthorization(completionHandler: @escaping @AppMain (Bool) -> Void) {
        let granted = requestNotificationAuthorization()
        guard !granted, notificationsSnapshot.authorization == .notDetermined else { return completionHandler(granted) }
        authorizationHandlers.append(completionHandler)
    }

    /// What the notification center holds for the app now: the user's permission, the
    /// notifications presented lately (`NotificationsSnapshot/delivered`) and the requests
    /// waiting for their triggers (`getNotificationSettings`, `getDeliveredNotifications`,
    /// `getPendingNotificationRequests`).
    public var notificationsSnapshot: NotificationsSnapshot {
        system?.notificationsSnapshot ?? NotificationsSnapshot(authorization: .notDetermined, banner: nil, delivered: [], pending: [])
    }

    /// Asks the system to present `request`'s notification when its trigger fires, or at once
    /// without one (`UNUserNotificationCenter.add(_:withCompletionHandler:)`): it replaces a
    /// pending request with the same identifier. Returns false, and the console says why, when
    /// the app may not post notifications (iOS 8 and later).
    @discardableResult
    public func add(_ request: NotificationRequest) -> Bool {
        system?.addNotificationRequest(request) ?? false
    }

    /// Removes the pending requests `identifiers`, or all of them when nil
    /// (`removePendingNotificationRequests(withIdentifiers:)`, `removeAllPendingNotificationRequests()`).
    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]?) {
        system?.removePendingNotificationRequests(identifiers: identifiers)
    }

    /// Presents `notification` at once, like `presentLocalNotificationNow(_:)`: a banner, a line
    /// on the console, and a desktop notification when there is a desktop. Without permission
    /// (iOS 8 and later) it is dropped, as iOS drops it, and the console says why.
    public func presentLocalNotificationNow(_ notification: LocalNotification) {
        system?.presentNotification(notification)
    }

    /// Registers the app's kinds of notification and their action buttons, like
    /// `UNUserNotificationCenter.setNotificationCategories(_:)`, replacing those set before: a
    /// notification shows the actions of the category it names. iOS 8 and later.
    public func setNotificationCategories(_ categories: [NotificationCategory]) {
        system?.setNotificationCategories(categories)
    }

    /// A notification presented while the app is active reaches the app: before iOS 10 the
    /// delegate's `didReceiveLocalNotification` (no banner shows); from iOS 10 `willPresent` of
    /// the ``notificationReceiver``, or else of the delegate, whose answer, given to `present`,
    /// decides on the banner.
    func receive(_ notification: DeliveredNotification, present: @escaping @AppMain @Sendable (NotificationPresentation) -> Void) {
        guard profile.presentsNotificationsThroughTheApp else {
            delegate?.application(self, didReceiveLocalNotification: notification)
            return
        }
        if let notificationReceiver {
            return notificationReceiver.application(self, willPresent: notification, withCompletionHandler: present)
        }
        guard let delegate else { return }
        present(delegate.application(self, willPresent: notification))
    }

    /// The user answered the permission alert: the requests waiting for it hear the answer.
    func authorizationAnswered(_ granted: Bool) {
        let handlers = authorizationHandlers
        authorizationHandlers.removeAll()
        for handler in handlers { handler(granted) }
    }

    /// The user's answer to a notification reaches the ``notificationReceiver``, or else the delegate.
    func receive(_ response: NotificationResponse, completionHandler: @escaping @AppMain @Sendable () -> Void) {
        if let notificationReceiver {
            return notificationReceiver.application(self, didReceive: response, withCompletionHandler: completionHandler)
        }
        guard let delegate else { return completionHandler() }
        delegate.application(self, didReceive: response, withCompletionHandler: completionHandler)
    }
}
