import BackgroundRuntime
import Foundation

/// A screen's controller. Its view loads once, on first need (`loadViewIfNeeded()`, or a
/// container showing it), and `viewDidLoad()` runs then, as on iOS.
@MainActor @preconcurrency
open class UIViewController: UIResponder {
    /// Whether the view has loaded (and `viewDidLoad()` run).
    public private(set) var isViewLoaded = false
    /// The controller's title, as a navigation bar or an alert shows it.
    open var title: String? {
        didSet { ScreenPublisher.screenChanged() }
    }
    /// The controller presented over this one, if any.
    public internal(set) var presentedViewController: UIViewController?
    /// The controller this one is presented over, if any.
    public internal(set) weak var presentingViewController: UIViewController?
    /// The name state restoration knows this controller by; nil (the default) leaves it, and
    /// what it contains or presents, out of what UIKit preserves.
    open var restorationIdentifier: String?

    /// Called once the view has loaded: the place to set the screen up.
    open func viewDidLoad() {}

    /// State preservation: write what the screen needs to come back as the user left it.
    open func encodeRestorableState(with coder: NSCoder) {}
    /// State restoration: read back what ``encodeRestorableState(with:)`` wrote.
    open func decodeRestorableState(with coder: NSCoder) {}
    /// Every restored controller has decoded its state.
    open func applicationFinishedRestoringState() {}

    /// Loads the view if it has not loaded yet.
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        viewDidLoad()
    }
}
