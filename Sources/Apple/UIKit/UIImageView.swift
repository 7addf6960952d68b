import BackgroundRuntime

/// A view that shows an image: the image, which the app's code sets and tests read.
@MainActor @preconcurrency
open class UIImageView: UIView {
    /// The image shown.
    open var image: UIImage? {
        didSet { ScreenPublisher.screenChanged() }
    }

    /// A view showing `image`.
    public convenience init(image: UIImage?) {
        self.init()
        self.image = image
    }
}
