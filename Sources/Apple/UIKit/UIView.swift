import BackgroundRuntime

/// A view: on Backgrounder a screen has no pixels, so a view holds only what the app's code
/// reads and writes. What the key window's visible controller holds in its view outlets —
/// labels' text, progress views' progress, image views' images, buttons' selection — and the
/// alert over it reach `status` (`screens.uikit`) and the web UI's phone by themselves, once per
/// turn of the app's main loop that changed them (``UIKitScreenSnapshot``); the app calls
/// nothing to publish them.
@MainActor @preconcurrency
open class UIView: UIResponder {}
