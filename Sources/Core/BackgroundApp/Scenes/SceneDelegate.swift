import BackgroundWire

/// The delegate of a scene, like `UISceneDelegate`: in an app opted into scenes (iOS 13), it
/// hears the app come on and go off screen in place of the app delegate, on the app's main
/// executor. Every method has a default that does nothing.
@AppMain
public protocol SceneDelegate: AnyObject, Sendable {
    /// The scene is connected to the app, before it comes on screen (`scene(_:willConnectTo:options:)`).
    func scene(_ scene: Scene, willConnectTo session: SceneSession)
    /// The scene is about to come on screen: after it connects, and when the app comes back
    /// from the background.
    func sceneWillEnterForeground(_ scene: Scene)
    /// The scene is on screen and receiving events.
    func sceneDidBecomeActive(_ scene: Scene)
    /// The scene is about to stop receiving events: a call, the app switcher, the Home button.
    func sceneWillResignActive(_ scene: Scene)
    /// The scene is off screen; the app's background time is as for `applicationDidEnterBackground`.
    func sceneDidEnterBackground(_ scene: Scene)
    /// The system removed the scene: the user closed it in the app switcher, or the system
    /// reclaimed a background scene's resources.
    func sceneDidDisconnect(_ scene: Scene)
}

extension SceneDelegate {
    public func scene(_ scene: Scene, willConnectTo session: SceneSession) {}
    public func sceneWillEnterForeground(_ scene: Scene) {}
    public func sceneDidBecomeActive(_ scene: Scene) {}
    public func sceneWillResignActive(_ scene: Scene) {}
    public func sceneDidEnterBackground(_ scene: Scene) {}
    public func sceneDidDisconnect(_ scene: Scene) {}
}
