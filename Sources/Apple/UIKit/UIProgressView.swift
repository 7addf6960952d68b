import BackgroundRuntime

/// A progress bar, as a download's screen keeps one: its progress, from 0 to 1.
@MainActor @preconcurrency
open class UIProgressView: UIView {
    /// The bar's look; the same here, as nothing is drawn.
    public enum Style: Int, Sendable {
        case `default`
        case bar
    }

    /// The bar's look.
    open var progressViewStyle = Style.default

    /// How far along, from 0 to 1; a value outside is pinned to the nearer end, as UIKit does.
    open var progress: Float = 0 {
        didSet {
            progress = min(max(progress, 0), 1)
            ScreenPublisher.screenChanged()
        }
    }

    /// A bar of the look `style`.
    public convenience init(progressViewStyle style: Style) {
        self.init()
        progressViewStyle = style
    }

    /// Sets ``progress``; `animated` draws nothing here.
    open func setProgress(_ progress: Float, animated: Bool) {
        self.progress = progress
    }
}
