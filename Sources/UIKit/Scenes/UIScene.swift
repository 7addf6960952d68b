import BackgroundRuntime

/// A scene, the runtime's ``Scene``: one instance of the app's interface, made when the app,
/// opted into scenes with a scene manifest (iOS 13), comes on screen.
public typealias UIScene = Scene

/// A window scene. Backgrounder's device has one kind of scene, the iPhone's window scene, so
/// `scene as? UIWindowScene` always succeeds.
public typealias UIWindowScene = Scene

/// What a scene is made from: its role and the manifest's configuration.
public typealias UISceneSession = SceneSession

extension Scene {
    /// Posted on `NotificationCenter.default` after `scene(_:willConnectTo:options:)`, with the scene.
    public nonisolated static let willConnectNotification = SceneNotification.willConnect.notificationName
    /// Posted after `sceneWillEnterForeground(_:)`.
    public nonisolated static let willEnterForegroundNotification = SceneNotification.willEnterForeground.notificationName
    /// Posted after `sceneDidBecomeActive(_:)`.
    public nonisolated static let didActivateNotification = SceneNotification.didActivate.notificationName
    /// Posted after `sceneWillResignActive(_:)`.
    public nonisolated static let willDeactivateNotification = SceneNotification.willDeactivate.notificationName
    /// Posted after `sceneDidEnterBackground(_:)`.
    public nonisolated static let didEnterBackgroundNotification = SceneNotification.didEnterBackground.notificationName
    /// Posted after `sceneDidDisconnect(_:)`.
    public nonisolated static let didDisconnectNotification = SceneNotification.didDisconnect.notificationName
}
