import BackgroundRuntime

/// A controller of tabs, as TheBackgrounder's screen is: one child controller per tab, the
/// selected one's view loaded when the tab bar's loads.
@MainActor @preconcurrency
open class UITabBarController: UIViewController {
    /// The tabs' controllers, in order.
    open var viewControllers: [UIViewController]? {
        didSet { ScreenPublisher.screenChanged() }
    }
    /// The index of the selected tab; selecting one loads its view.
    open var selectedIndex = 0 {
        didSet {
            selectedViewController?.loadViewIfNeeded()
            ScreenPublisher.screenChanged()
        }
    }

    /// The selected tab's controller.
    open var selectedViewController: UIViewController? {
        guard let viewControllers, viewControllers.indices.contains(selectedIndex) else { return nil }
        return viewControllers[selectedIndex]
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        selectedViewController?.loadViewIfNeeded()
    }
}
