import BackgroundRuntime
import Synchronization

/// Where a launch keeps its ``UIApplication`` (a launch object of the runtime's application):
/// made on the app's main thread, and read from any thread once made, as `UIApplication.shared`
/// is read from a background queue by code of the Swift 5 era.
final class UIApplicationHolder: Sendable {
    let application = Mutex<UIApplication?>(nil)

    init() {}
}
