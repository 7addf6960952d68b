import BackgroundRuntime

/// The app's window: which view controller it shows.
@preconcurrency @AppMain
open class UIWindow: UIView {
    /// The controller of the window's content.
    open var rootViewController: UIViewController?

    /// Shows the window: its root view controller loads its view.
    open func makeKeyAndVisible() {
        rootViewController?.loadViewIfNeeded()
    }
}
