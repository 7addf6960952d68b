import BackgroundRuntime

/// The base of UIKit's objects that live on the main thread: here, on the app's main executor.
/// An `AppDelegate: UIResponder, UIApplicationDelegate` is written as on iOS.
@preconcurrency @AppMain
open class UIResponder {
    public required init() {}
}
