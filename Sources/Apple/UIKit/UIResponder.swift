import BackgroundRuntime
import Foundation

/// The base of UIKit's objects that live on the main thread (`UIResponder`): on the main actor,
/// as UIKit's are, and `@preconcurrency`, so code written before Swift's concurrency checking
/// builds with the warnings Xcode gives it. An `AppDelegate: UIResponder, UIApplicationDelegate`
/// is written as on iOS.
@MainActor @preconcurrency
open class UIResponder: NSObject {
    /// A responder. The system makes the app's delegate and its scenes' delegates with it, as
    /// UIKit makes them from their classes.
    public required override init() {
        super.init()
    }
}
