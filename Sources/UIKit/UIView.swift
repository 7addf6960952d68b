import BackgroundRuntime

/// A view: on Backgrounder a screen has no pixels, so a view holds only what the app's code
/// reads and writes; what a screen shows reaches `status` and the web UI through
/// `Application.publish(_:for:)`.
@MainActor @preconcurrency
open class UIView: UIResponder {}
