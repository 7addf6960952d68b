import UIKit

/// An app delegate whose background task's expiration handler shows "Expired" on its screen and
/// never ends the task: the leaked-assertion bug, with a screen to publish after the handler.
final class ExpiringScreenDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private var task = UIBackgroundTaskIdentifier.invalid

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        window?.rootViewController = DownloadController()
        window?.makeKeyAndVisible()
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        task = application.beginBackgroundTask(withName: "upload") { [weak self] in
            (self?.window?.rootViewController as? DownloadController)?.statusLabel.text = "Expired"
        }
    }
}
