import BackgroundRuntime

/// An alert presented over the visible controller, as `status` shows it.
public struct UIKitAlertSnapshot: Codable, Sendable, Equatable {
    /// `alert` (in the middle of the screen) or `actionSheet` (from its bottom).
    public var style: String
    /// The alert's title; null for none.
    @ExplicitNull public var title: String?
    /// The alert's message; null for none.
    @ExplicitNull public var message: String?
    /// The buttons' titles, in the order added.
    public var actions: [String]

    public init(style: String, title: String?, message: String?, actions: [String]) {
        self.style = style
        self.title = title
        self.message = message
        self.actions = actions
    }

    @MainActor
    init(_ alert: UIAlertController) {
        self.init(
            style: alert.preferredStyle == .alert ? "alert" : "actionSheet", title: alert.title, message: alert.message,
            actions: alert.actions.map { $0.title ?? "" })
    }
}
