import UIKit
import UserNotifications

// The app delegate the idioms hang from: it registers the refresh handler before launch ends,
// as BGTaskScheduler requires, asks to post notifications, and schedules the first refresh when
// the app goes to the background.
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let refresh = RefreshScheduler()
    let exporter = Exporter()
    let notifier = SyncNotifier()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        refresh.register()
        UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound]) { granted, _ in
            print("Notifications allowed: \(granted)")
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        refresh.scheduleAppRefresh()
    }
}
