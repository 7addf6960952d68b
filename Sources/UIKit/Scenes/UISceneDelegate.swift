import BackgroundRuntime

/// The delegate of a scene with UIKit's signatures (`UISceneDelegate`). It is the runtime's
/// ``SceneDelegate``, whose methods after the connection already have UIKit's signatures; the
/// connection comes with its options. Every method has a default that does nothing.
@preconcurrency @AppMain
public protocol UISceneDelegate: SceneDelegate {
    /// The scene is connected to the app, before it comes on screen: make its window here.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}

    /// The runtime's connection, as UIKit makes it: with the (empty) options.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession) {
        self.scene(scene, willConnectTo: session, options: UIScene.ConnectionOptions())
    }
}
