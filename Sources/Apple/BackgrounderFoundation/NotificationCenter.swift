import BackgroundRuntime

/// Foundation's `NotificationCenter`, whose `default` is the running launch's own center
/// (``Application/notificationCenter``): there the system posts UIKit's lifecycle notifications,
/// and an observer of one launch never hears another device's. Outside the app's code it is
/// Foundation's default center.
///
/// Code that imports UIKit (or another Apple-spelled module here) gets this class for the name `NotificationCenter` (a module's own
/// declaration shadows one of a module it imports), so `NotificationCenter.default.addObserver(…)`
/// is written as on iOS.
// Unchecked: Foundation's NotificationCenter is thread-safe but open, and this subclass adds no state.
open class NotificationCenter: Foundation.NotificationCenter, @unchecked Sendable {
    open override class var `default`: Foundation.NotificationCenter {
        Application.current?.notificationCenter ?? Foundation.NotificationCenter.default
    }
}
