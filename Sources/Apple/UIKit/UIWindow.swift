import BackgroundRuntime

/// The app's window: which view controller it shows.
@MainActor @preconcurrency
open class UIWindow: UIView {
    /// The controller of the window's content.
    open var rootViewController: UIViewController? {
        didSet { ScreenPublisher.screenChanged() }
    }
    /// The scene the window belongs to, if it was made for one.
    open weak var windowScene: UIWindowScene?

    /// A window without a scene, as a storyboard makes one.
    public required init() {}

    /// A window of `windowScene` (iOS 13), as a scene delegate makes one.
    public init(windowScene: UIWindowScene) {
        self.windowScene = windowScene
    }

    /// Shows the window: its root view controller loads its view, and the window is the one
    /// whose screen `status` and the web UI show (``UIKitScreenSnapshot``).
    open func makeKeyAndVisible() {
        rootViewController?.loadViewIfNeeded()
        ScreenPublisher.screenChanged(keyWindow: self)
    }
}
