import UIKit

/// An app delegate marked `@main`, as Xcode's template writes it: on Backgrounder its
/// executable is the app on the host, with the command line every app has.
@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        print("Launched by @main, in \(Bundle.main.executableURL?.lastPathComponent ?? "?")")
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        print("In the background with \(application.backgroundTimeRemaining > 0 ? "time left" : "no time")")
    }
}
