import BackgroundWire

/// One instance of the app's user interface, like `UIWindowScene`: made by the system when the
/// app, opted into scenes with a scene manifest (iOS 13), comes on screen, and given to the
/// delegate the app delegate names for it.
///
/// Backgrounder connects one scene at a time (the iPhone's). It lives on the app's main
/// executor, as UIKit's does on the main thread.
@AppMain
public final class Scene {
    /// The scene's state; it changes as the scene handles each step, like ``Application/applicationState``.
    public internal(set) var activationState: SceneActivationState = .unattached
    /// The session the scene was made from.
    public let session: SceneSession
    /// The scene's delegate, held strongly as `UIScene.delegate` is.
    public internal(set) var delegate: (any SceneDelegate)?

    init(session: SceneSession) {
        self.session = session
    }
}
