/// What a view on screen holds: the kinds of view the web UI's phone draws.
public enum UIKitViewValue: Sendable, Equatable {
    /// A ``UILabel``'s text; nil for none.
    case label(text: String?)
    /// A ``UIProgressView``'s progress, from 0 to 1.
    case progress(Double)
    /// A ``UIImageView``'s image; nil for none.
    case image(UIKitImageSnapshot?)
    /// A ``UIButton``, and whether it is selected.
    case button(isSelected: Bool)
}

extension UIKitViewValue {
    /// The value of `view`; nil for a view of another kind, which holds none.
    @MainActor
    init?(_ view: UIView) {
        switch view {
        case let bar as UIProgressView:
            // The Float's own digits (0.4, not 0.4000000059604645), as the app wrote them.
            self = .progress(Double("\(bar.progress)") ?? Double(bar.progress))
        case let label as UILabel: self = .label(text: label.text)
        case let imageView as UIImageView: self = .image(imageView.image.map(UIKitImageSnapshot.init))
        case let button as UIButton: self = .button(isSelected: button.isSelected)
        default: return nil
        }
    }
}
