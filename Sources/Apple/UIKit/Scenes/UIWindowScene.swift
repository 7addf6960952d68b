import BackgroundRuntime

/// A window scene (`UIWindowScene`): the only kind of scene of Backgrounder's device, the
/// iPhone's, so `scene as? UIWindowScene` always succeeds.
@MainActor @preconcurrency
open class UIWindowScene: UIScene {}
