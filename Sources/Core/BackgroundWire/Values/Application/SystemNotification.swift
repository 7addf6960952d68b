import Foundation

/// The device's notifications an app may observe besides its lifecycle, named as Foundation
/// and UIKit name them. The protected-data ones also reach the delegate, as UIKit's do.
public enum SystemNotification: String, Sendable, Codable, CaseIterable {
    /// `NSProcessInfoPowerStateDidChange`: Low Power Mode went on or off (iOS 9).
    case powerStateDidChange
    /// `ProcessInfo.thermalStateDidChangeNotification` (iOS 11).
    case thermalStateDidChange
    /// `UIApplication.backgroundRefreshStatusDidChangeNotification`.
    case backgroundRefreshStatusDidChange
    /// `UIApplication.protectedDataWillBecomeUnavailableNotification`: the device is about to be
    /// locked, and files of complete protection become unreadable shortly (iOS 4).
    case protectedDataWillBecomeUnavailable
    /// `UIApplication.protectedDataDidBecomeAvailableNotification`: the device is unlocked, and
    /// protected files can be read again (iOS 4).
    case protectedDataDidBecomeAvailable
    /// `UIApplication.didReceiveMemoryWarningNotification`: the device is short of memory and
    /// ending suspended apps did not free enough; free what can be made again.
    case didReceiveMemoryWarning

    /// Its name on `NotificationCenter`, as Foundation and UIKit post it (the protected-data
    /// ones have no `Notification` suffix in UIKit either).
    public var notificationName: Notification.Name {
        switch self {
        case .powerStateDidChange: Notification.Name("NSProcessInfoPowerStateDidChangeNotification")
        case .thermalStateDidChange: Notification.Name("NSProcessInfoThermalStateDidChangeNotification")
        case .backgroundRefreshStatusDidChange: Notification.Name("UIApplicationBackgroundRefreshStatusDidChangeNotification")
        case .protectedDataWillBecomeUnavailable: Notification.Name("UIApplicationProtectedDataWillBecomeUnavailable")
        case .protectedDataDidBecomeAvailable: Notification.Name("UIApplicationProtectedDataDidBecomeAvailable")
        case .didReceiveMemoryWarning: Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
        }
    }
}
