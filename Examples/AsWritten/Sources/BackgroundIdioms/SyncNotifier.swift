import Foundation
import UserNotifications

// Telling the user a sync finished, from the background queue the sync ran on, as apps do:
// `UNUserNotificationCenter` is of no actor, so `current()` and `add(_:withCompletionHandler:)`
// are called right there.
final class SyncNotifier {
    func syncFinished(count: Int) {
        DispatchQueue.global(qos: .utility).async {
            let content = UNMutableNotificationContent()
            content.title = "Sync finished"
            content.body = "\(count) new items"
            let request = UNNotificationRequest(identifier: "sync", content: content, trigger: nil)
            UNUserNotificationCenter.current().add(request) { error in
                if let error = error {
                    print("Could not notify: \(error)")
                }
            }
        }
    }
}
