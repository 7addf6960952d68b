import Foundation

/// A button of an alert: its title, its style, and what it does when chosen.
@MainActor @preconcurrency
open class UIAlertAction: NSObject {
    /// How the button looks, and whether it cancels.
    public enum Style: Int, Sendable {
        case `default`
        case cancel
        case destructive
    }

    /// The button's words.
    public let title: String?
    public let style: Style
    /// What choosing it does; UIKit keeps it for itself, Backgrounder for ``UIAlertController/choose(_:)``.
    let handler: ((UIAlertAction) -> Void)?

    /// A button titled `title`, running `handler` when chosen.
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
