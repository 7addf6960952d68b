import UIKit

// The app side of "Downloading files in the background" (Apple's Foundation documentation):
// the app delegate keeps the completion handler the system hands it with the session's events,
// and reconnects the session at launch so that they reach its delegate.
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var backgroundCompletionHandler: (() -> Void)?
    let downloads = DownloadManager()

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        downloads.reconnect()
        return true
    }

    func application(_ application: UIApplication,
                     handleEventsForBackgroundURLSession identifier: String,
                     completionHandler: @escaping () -> Void) {
        backgroundCompletionHandler = completionHandler
    }
}
