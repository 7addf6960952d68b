import BackgroundRuntime

/// One instance of the app's interface (`UIScene`), made when an app opted into scenes with a
/// scene manifest (iOS 13) comes on screen: on the main actor, as UIKit's is. It stands for the
/// runtime's ``BackgroundRuntime/Scene``.
@MainActor @preconcurrency
open class UIScene: UIResponder {
    /// The runtime's scene.
    nonisolated let scene: Scene

    init(scene: Scene) {
        self.scene = scene
        super.init()
    }

    /// The system makes scenes, never the app: as in UIKit, where `init` is unavailable.
    @available(*, unavailable, message: "UIScene is made by the system when the app comes on screen")
    public required init() {
        // Unreachable: the initializer is unavailable, as UIKit's UIScene.h marks it (NS_UNAVAILABLE).
        fatalError("UIScene is made by the system when the app comes on screen")
    }

    /// The UIKit face of `scene`: one per scene, made on first use. Backgrounder's device has
    /// one kind of scene, the iPhone's window scene.
    nonisolated static func of(_ scene: Scene) -> UIWindowScene {
        if let made = AppMain.assumeIsolated({ (scene.delegate as? SceneDelegateAdapter)?.uiScene }) { return made }
        return MainActor.assumeIsolated { UIWindowScene(scene: scene) }
    }

    /// The session the scene was made from.
    open var session: UISceneSession { AppMain.assumeIsolated { scene.session } }

    /// Whether the scene is on screen and active, on screen, or in the background.
    open var activationState: SceneActivationState { AppMain.assumeIsolated { scene.activationState } }

    /// The scene's delegate: the object the configuration's class, or the manifest's, made.
    open var delegate: (any UISceneDelegate)? {
        AppMain.assumeIsolated { (scene.delegate as? SceneDelegateAdapter)?.delegate }
    }

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
