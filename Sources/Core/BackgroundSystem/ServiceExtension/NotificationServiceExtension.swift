import BackgroundWire

/// An app's Notification Service Extension, like `UNNotificationServiceExtension` (iOS 10 and
/// later): it changes a remote notification's content before the notification shows.
///
/// The system hands it each push that shows an alert and carries `mutable-content: 1`, whatever
/// the app's state: the app itself is neither launched nor woken. ``didReceive(_:withContentHandler:)``
/// has about 30 seconds to call the content handler; then ``serviceExtensionTimeWillExpire()``
/// gets one last chance, and if neither called it the original content shows (Apple, “Modifying
/// content in newly delivered notifications”).
///
/// On iOS an extension runs in a process of its own, and so it does on Backgrounder where the
/// app does (`--isolation process`, ``ServiceExtensionProcess``): its calls are made one at a
/// time on the thread that reads its socket. In thread mode, and on a `TestDevice`, its code
/// runs in the system's process, on the device's loop (the test's thread). Either way, call the
/// handler from a callback rather than block waiting for one. A new instance takes each push.
public protocol NotificationServiceExtension: AnyObject, Sendable {
    /// The push `request` arrived; call `contentHandler` once with the content to show.
    func didReceive(_ request: NotificationServiceRequest, withContentHandler contentHandler: @escaping @Sendable (LocalNotification) -> Void)

    /// Time is nearly up: call the content handler now with the best content there is, before
    /// returning (Backgrounder's model of “immediately”).
    func serviceExtensionTimeWillExpire()
}
