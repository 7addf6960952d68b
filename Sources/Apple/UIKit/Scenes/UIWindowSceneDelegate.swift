import BackgroundRuntime

/// The delegate of a window scene (`UIWindowSceneDelegate`): a scene delegate with the scene's
/// window.
@MainActor @preconcurrency
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// The scene's window, which the delegate makes in `scene(_:willConnectTo:options:)`.
    var window: UIWindow? { get set }
}
