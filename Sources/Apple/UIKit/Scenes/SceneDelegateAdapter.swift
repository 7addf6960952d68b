import BackgroundRuntime

/// How the runtime's calls reach a scene delegate written in UIKit's spelling: the runtime's
/// ``SceneDelegate`` on the app's main executor, whose jobs run on the main queue, calling the
/// `@MainActor` delegate with the scene's UIKit face.
final class SceneDelegateAdapter: SceneDelegate {
    nonisolated let delegate: any UISceneDelegate
    /// The scene's UIKit face, made at the connection.
    private(set) var uiScene: UIWindowScene?

    init(delegate: any UISceneDelegate) {
        self.delegate = delegate
    }

    func scene(_ scene: Scene, willConnectTo session: SceneSession) {
        let uiScene = MainActor.assumeIsolated { UIWindowScene(scene: scene) }
        self.uiScene = uiScene
        MainActor.assumeIsolated { delegate.scene(uiScene, willConnectTo: session, options: UIScene.ConnectionOptions()) }
    }

    func sceneWillEnterForeground(_ scene: Scene) { forward(scene) { $0.sceneWillEnterForeground($1) } }
    func sceneDidBecomeActive(_ scene: Scene) { forward(scene) { $0.sceneDidBecomeActive($1) } }
    func sceneWillResignActive(_ scene: Scene) { forward(scene) { $0.sceneWillResignActive($1) } }
    /// The scene is in the background; then the system keeps the activity that restores it.
    func sceneDidEnterBackground(_ scene: Scene) {
        forward(scene) { $0.sceneDidEnterBackground($1) }
        let uiScene = uiScene ?? UIScene.of(scene)
        guard let activity = MainActor.assumeIsolated({ delegate.stateRestorationActivity(for: uiScene) }) else { return }
        let preserved = PreservedActivity(activity)
        let application = Application.current(for: "stateRestorationActivity(for:)")
        if activity.userInfo != nil, preserved.userInfo == nil {
            application.logger.info(
                "State restoration: the userInfo of activity \"\(activity.activityType)\" holds a value that is not a property-list value under a string key, so it is not preserved")
        }
        application.preserveState(preserved.archive)
    }

    func sceneDidDisconnect(_ scene: Scene) { forward(scene) { $0.sceneDidDisconnect($1) } }

    /// Calls the delegate on the main actor, where the app's job already runs.
    private func forward(_ scene: Scene, _ call: @MainActor (any UISceneDelegate, UIScene) -> Void) {
        let uiScene = uiScene ?? UIScene.of(scene)
        MainActor.assumeIsolated { call(delegate, uiScene) }
    }
}
