/// What a scene is made from, like `UISceneSession`: its role and the configuration of the
/// Info.plist's scene manifest it uses.
public struct SceneSession: Sendable, Equatable {
    /// The session's role: `UIWindowSceneSessionRoleApplication`, the device's main screen.
    public var role: String
    /// `UISceneConfigurationName` of the manifest's configuration, if it names one.
    public var configurationName: String?
    /// `UISceneDelegateClassName` of that configuration, if it names one.
    public var delegateClassName: String?
}
