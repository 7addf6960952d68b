import BackgroundRuntime

/// The delegate of the ``UNUserNotificationCenter`` (`UNUserNotificationCenterDelegate`): it
/// hears notifications presented while the app is active and the user's answers, in the app
/// delegate's place, on the app's main executor. Set it before the app finishes launching, so
/// that a launch for an answer finds it.
@preconcurrency @AppMain
public protocol UNUserNotificationCenterDelegate: AnyObject {
    /// A notification is presented while the app is active: call `completionHandler` with how
    /// it shows.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
    /// The user chose an action of a notification: call `completionHandler` once it is handled
    /// (an action handled in the background holds the app until then, 30 s at most).
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void)
}

extension UNUserNotificationCenterDelegate {
    /// Without an implementation the notification does not show, as on iOS.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([])
    }

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        completionHandler()
    }
}
