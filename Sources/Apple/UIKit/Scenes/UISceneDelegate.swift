import BackgroundRuntime

/// The delegate of a scene with UIKit's signatures and isolation (`UISceneDelegate`): the system
/// calls it on the main thread as the scene connects and comes on and off screen. Every method
/// has a default that does nothing.
@MainActor @preconcurrency
public protocol UISceneDelegate: NSObjectProtocol, Sendable {
    /// The scene is connected to the app, before it comes on screen: make its window here.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// The scene is about to come on screen.
    func sceneWillEnterForeground(_ scene: UIScene)
    /// The scene is on screen and active.
    func sceneDidBecomeActive(_ scene: UIScene)
    /// The scene is about to stop being active.
    func sceneWillResignActive(_ scene: UIScene)
    /// The scene is in the background.
    func sceneDidEnterBackground(_ scene: UIScene)
    /// The system has released the scene.
    func sceneDidDisconnect(_ scene: UIScene)
    /// The activity that brings the scene back as the user left it, asked as it goes to the
    /// background (iOS 13); the scene's session hands it back (`stateRestorationActivity`) if the
    /// system ends the app meanwhile.
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { nil }
}
