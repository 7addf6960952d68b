import BackgroundRuntime

/// The configuration a scene is made with (`UISceneConfiguration`): what
/// `application(_:configurationForConnecting:options:)` returns. Its `delegateClass`, or else the
/// class the Info.plist's scene manifest names (`UISceneDelegateClassName`), makes the scene's
/// delegate.
@MainActor @preconcurrency
open class UISceneConfiguration {
    /// The configuration's name in the manifest (`UISceneConfigurationName`).
    public let name: String?
    /// The role of the sessions it is for.
    public let role: String
    /// The class of the scene's delegate: a `UIResponder` that is a `UISceneDelegate`, made with
    /// `init()`.
    open var delegateClass: AnyClass?

    /// A configuration named `name` for sessions of `sessionRole`.
    public init(name: String?, sessionRole: String) {
        self.name = name
        role = sessionRole
    }
}
