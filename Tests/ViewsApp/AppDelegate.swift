import UIKit

/// An app written as for iOS whose screen is a download's (``DownloadViewController``): it
/// publishes nothing itself, and the web UI's phone shows its label, its progress bar and the
/// alert at the end, for the browser tests.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        window?.rootViewController = DownloadViewController()
        return true
    }
}
