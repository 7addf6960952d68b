import UIKit

/// An app delegate marked `@UIApplicationMain`, as Xcode's templates wrote it before Xcode 12:
/// the compiler's main() calls UIKit's `UIApplicationMain`, which runs the app on the host.
@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        print(LaunchLine.text)
        return true
    }
}
