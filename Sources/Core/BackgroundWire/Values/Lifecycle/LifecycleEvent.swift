import Foundation

/// The lifecycle notifications iOS sends an app, named as UIKit names them
/// (`UIApplication.didEnterBackgroundNotification` is ``didEnterBackground``).
public enum LifecycleEvent: String, Sendable, Codable, CaseIterable {
    case didFinishLaunching
    case willResignActive
    case didEnterBackground
    case willEnterForeground
    case didBecomeActive
    case willTerminate

    /// UIKit's name for it on `NotificationCenter`: `UIApplicationDidBecomeActiveNotification`
    /// for ``didBecomeActive`` (`UIApplication.didBecomeActiveNotification`).
    public var notificationName: Notification.Name {
        Notification.Name("UIApplication\(rawValue.prefix(1).uppercased())\(rawValue.dropFirst())Notification")
    }
}
