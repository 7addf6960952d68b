/// The ``UNUserNotificationCenter``'s delegate, held weakly, as UserNotifications holds it.
// Guarded by the center's delegateReference (a Mutex), the one place it is kept; the delegate protocol is not Sendable, as Apple's.
struct WeakDelegate: @unchecked Sendable {
    weak var delegate: (any UNUserNotificationCenterDelegate)?
}
