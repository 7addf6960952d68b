import BackgroundRuntime

/// What a scene is made from (`UISceneSession`): its role and the manifest's configuration.
public typealias UISceneSession = SceneSession

extension UISceneSession {
    /// The activity the scene's delegate returned from `stateRestorationActivity(for:)` before
    /// the system ended the app, for `scene(_:willConnectTo:options:)` to restore; nil when
    /// nothing was preserved or the user swiped the app away.
    public var stateRestorationActivity: NSUserActivity? {
        PreservedActivity(stateRestoration)?.activity
    }
}
