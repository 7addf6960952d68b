import BackgroundRuntime

/// Hands the runtime's notifications and answers to its ``UNUserNotificationCenter``'s
/// delegate: the launch's ``BackgroundRuntime/NotificationReceiver`` while the center has a
/// delegate, so that the center's public face is UserNotifications' alone.
@AppMain
final class NotificationRelay: NotificationReceiver {
    /// The center whose delegate hears the notifications: set once, as the center is made.
    nonisolated(unsafe) weak var center: UNUserNotificationCenter?

    nonisolated init() {}

    func application(
        _ application: Application, willPresent notification: DeliveredNotification,
        withCompletionHandler completionHandler: @escaping @AppMain @Sendable (NotificationPresentation) -> Void
    ) {
        guard let center, let delegate = center.delegate else { return completionHandler(.none) }
        delegate.userNotificationCenter(center, willPresent: UNNotification(notification)) { options in
            application.onMain { completionHandler(options.presentation) }
        }
    }

    func application(
        _ application: Application, didReceive response: NotificationResponse,
        withCompletionHandler completionHandler: @escaping @AppMain @Sendable () -> Void
    ) {
        guard let center, let delegate = center.delegate else { return completionHandler() }
        delegate.userNotificationCenter(center, didReceive: UNNotificationResponse(response)) {
            application.onMain(completionHandler)
        }
    }
}
