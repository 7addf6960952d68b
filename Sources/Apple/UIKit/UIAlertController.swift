import BackgroundRuntime

/// An alert or an action sheet: its title, message and buttons. Presented (`present(_:animated:completion:)`),
/// it shows on the device's console, `Alert "TITLE": MESSAGE [BUTTON, …]`, and stays presented
/// until a button is chosen with ``choose(_:)`` — Backgrounder's stand-in for the user's tap.
@MainActor @preconcurrency
open class UIAlertController: UIViewController {
    /// An alert in the middle of the screen, or a sheet from its bottom.
    public enum Style: Int, Sendable {
        case actionSheet
        case alert
    }

    /// The alert's message, under its title.
    open var message: String? {
        didSet { ScreenPublisher.screenChanged() }
    }
    public private(set) var preferredStyle = Style.alert
    /// The buttons, in the order added.
    public private(set) var actions: [UIAlertAction] = []

    /// An alert titled `title` saying `message`, with no buttons yet.
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init()
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    /// Adds a button.
    open func addAction(_ action: UIAlertAction) {
        actions.append(action)
        ScreenPublisher.screenChanged()
    }

    /// Chooses the button titled `title`, as the user's tap: the alert is dismissed, then the
    /// button's handler runs. False when no button has that title.
    @discardableResult
    public func choose(_ title: String) -> Bool {
        guard let action = actions.first(where: { $0.title == title }) else { return false }
        presentingViewController?.dismiss(animated: true)
        action.handler?(action)
        return true
    }

    /// The console's line for the alert.
    var consoleLine: String {
        let kind = preferredStyle == .alert ? "Alert" : "Action sheet"
        let buttons = actions.map { $0.title ?? "" }.joined(separator: ", ")
        return "\(kind) \"\(title ?? "")\": \(message ?? "") [\(buttons)]"
    }
}
