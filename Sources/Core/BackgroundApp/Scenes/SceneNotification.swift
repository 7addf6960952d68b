import BackgroundWire
import Foundation

/// The notifications a scene posts, named as UIKit names them (`UIScene.willDeactivateNotification`
/// is ``willDeactivate``). Each comes after the scene delegate's method of the same step.
public enum SceneNotification: String, Sendable, Codable, CaseIterable {
    /// `UIScene.willConnectNotification`, with `scene(_:willConnectTo:options:)`.
    case willConnect
    /// `UIScene.willEnterForegroundNotification`, with `sceneWillEnterForeground(_:)`.
    case willEnterForeground
    /// `UIScene.didActivateNotification`, with `sceneDidBecomeActive(_:)`.
    case didActivate
    /// `UIScene.willDeactivateNotification`, with `sceneWillResignActive(_:)`.
    case willDeactivate
    /// `UIScene.didEnterBackgroundNotification`, with `sceneDidEnterBackground(_:)`.
    case didEnterBackground
    /// `UIScene.didDisconnectNotification`, with `sceneDidDisconnect(_:)`.
    case didDisconnect

    /// UIKit's name for it on `NotificationCenter`: `UISceneDidActivateNotification` for
    /// ``didActivate`` (`UIScene.didActivateNotification`).
    public var notificationName: Notification.Name {
        Notification.Name("UIScene\(rawValue.prefix(1).uppercased())\(rawValue.dropFirst())Notification")
    }
}
