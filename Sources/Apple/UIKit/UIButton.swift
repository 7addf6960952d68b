import BackgroundRuntime

/// A button: whether it is selected, as a Play/Pause toggle keeps it.
@MainActor @preconcurrency
open class UIButton: UIView {
    /// Whether the button is selected.
    open var isSelected = false {
        didSet { ScreenPublisher.screenChanged() }
    }
}
