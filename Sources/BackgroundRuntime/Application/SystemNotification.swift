/// The device's notifications an app may observe besides its lifecycle, named as Foundation
/// and UIKit name them.
public enum SystemNotification: String, Sendable, Codable, CaseIterable {
    /// `NSProcessInfoPowerStateDidChange`: Low Power Mode went on or off (iOS 9).
    case powerStateDidChange
    /// `ProcessInfo.thermalStateDidChangeNotification` (iOS 11).
    case thermalStateDidChange
    /// `UIApplication.backgroundRefreshStatusDidChangeNotification`.
    case backgroundRefreshStatusDidChange
}
