import BackgroundWire

/// An object that takes notifications presented while the app is active, and the user's
/// answers to notifications, in the app delegate's place, as `UNUserNotificationCenter`'s
/// delegate gets them on iOS (iOS 10 and later). The app sets it as
/// ``Application/notificationReceiver``, held weakly; while there is none the delegate gets them.
@AppMain
public protocol NotificationReceiver: AnyObject {
    /// A notification is presented while the app is active
    /// (`userNotificationCenter(_:willPresent:withCompletionHandler:)`): call `completionHandler`,
    /// at once or later, with whether its banner shows.
    func application(
        _ application: Application, willPresent notification: DeliveredNotification,
        withCompletionHandler completionHandler: @escaping @AppMain @Sendable (NotificationPresentation) -> Void)
    /// The user chose an action of a notification
    /// (`userNotificationCenter(_:didReceive:withCompletionHandler:)`): call `completionHandler`
    /// once it is handled, as ``ApplicationDelegate/application(_:didReceive:withCompletionHandler:)`` says.
    func application(
        _ application: Application, didReceive response: NotificationResponse,
        withCompletionHandler completionHandler: @escaping @AppMain @Sendable () -> Void)
}
