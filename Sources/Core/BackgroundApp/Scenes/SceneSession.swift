import BackgroundWire

/// What a scene is made from, like `UISceneSession`: its role and the configuration of the
/// Info.plist's scene manifest it uses.
public struct SceneSession: Sendable, Equatable {
    /// The session's role: `UIWindowSceneSessionRoleApplication`, the device's main screen.
    public var role: String
    /// `UISceneConfigurationName` of the manifest's configuration, if it names one.
    public var configurationName: String?
    /// `UISceneDelegateClassName` of that configuration, if it names one.
    public var delegateClassName: String?
    /// What the app preserved for its scene before the system ended it, handed back as the scene
    /// connects (`UISceneSession.stateRestorationActivity`, rule state-restoration); nil after the
    /// user swiped the app away, or when nothing was preserved.
    public var stateRestoration: RestorationArchive?
}
