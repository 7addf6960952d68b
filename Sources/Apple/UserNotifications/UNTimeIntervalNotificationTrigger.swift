import BackgroundRuntime

/// Fires `timeInterval` seconds (of device time) after the request is added, and again every
/// as many seconds if it repeats (`UNTimeIntervalNotificationTrigger`): the runtime's
/// ``BackgroundRuntime/NotificationTrigger``, which the system keeps and fires.
// Unchecked: a subclass of UNNotificationTrigger, which is not final; it adds a let.
public final class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    public let timeInterval: TimeInterval

    /// - precondition: `timeInterval` is more than zero, and at least 60 if it repeats, as
    ///   UserNotifications requires (it raises an exception otherwise).
    public init(timeInterval: TimeInterval, repeats: Bool) {
        // Apple traps too: its initializer's documentation requires "greater than zero", and 60 seconds when repeating.
        precondition(timeInterval > 0, "UNTimeIntervalNotificationTrigger: the time interval must be greater than 0")
        precondition(!repeats || timeInterval >= 60, "UNTimeIntervalNotificationTrigger: the time interval must be at least 60 if repeating")
        self.timeInterval = timeInterval
        super.init(repeats: repeats)
    }

    /// The runtime's trigger.
    var runtimeTrigger: NotificationTrigger {
        NotificationTrigger(timeInterval: timeInterval, repeats: repeats)
    }
}
