import BackgroundRuntime

/// A label: its text, which the app's code sets and tests read, and which the screen shows
/// (``UIKitScreenSnapshot``).
@MainActor @preconcurrency
open class UILabel: UIView {
    /// What the label shows.
    open var text: String? {
        didSet { ScreenPublisher.screenChanged() }
    }
}
