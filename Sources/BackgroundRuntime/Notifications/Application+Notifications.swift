/// Local notifications, as the app posts them.
extension Application {
    /// Asks the user's permission to post notifications, like
    /// `UNUserNotificationCenter.requestAuthorization`: the user is prompted the first time
    /// only. Returns whether the app may post them. Before iOS 8 no permission is needed.
    @discardableResult
    public func requestNotificationAuthorization() -> Bool {
        system?.requestNotificationAuthorization() ?? false
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

    /// A notification presented while the app is active reaches the delegate: before iOS 10
    /// `didReceiveLocalNotification` (no banner shows); from iOS 10 `willPresent`, whose answer
    /// decides on the banner.
    func receive(_ notification: DeliveredNotification) -> NotificationPresentation {
        guard let delegate else { return .none }
        guard profile.presentsNotificationsThroughTheApp else {
            delegate.application(self, didReceiveLocalNotification: notification)
            return .none
        }
        return delegate.application(self, willPresent: notification)
    }
}
