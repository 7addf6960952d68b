/// The ``UNUserNotificationCenter``'s delegate, held weakly, as UserNotifications holds it.
struct WeakDelegate: @unchecked Sendable {
    weak var delegate: (any UNUserNotificationCenterDelegate)?
}
