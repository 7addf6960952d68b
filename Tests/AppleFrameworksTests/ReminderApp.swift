import BackgroundRuntime
import UserNotifications

/// An app in UserNotifications' spelling: at launch it becomes the center's delegate, registers
/// a category with a Snooze button and asks permission; `remind(in:)` schedules a reminder.
final class ReminderApp: ApplicationDelegate, UNUserNotificationCenterDelegate {
    nonisolated static let category = "reminder"
    let log: AppLog
    /// How a notification presented while the app is active shows.
    var presentation: UNNotificationPresentationOptions = [.banner, .sound]

    init(log: AppLog) {
        self.log = log
    }

    func applicationDidFinishLaunching(_ application: Application) {
        let center = UNUserNotificationCenter.current()
        center.delegate = self
        let snooze = UNNotificationAction(identifier: "snooze", title: "Snooze")
        center.setNotificationCategories([UNNotificationCategory(identifier: Self.category, actions: [snooze], intentIdentifiers: [])])
        center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in
            self.log.append("authorized \(granted) error \(error == nil ? "none" : "some")")
        }
    }

    func remind(in seconds: TimeInterval, identifier: String = "water") {
        let content = UNMutableNotificationContent()
        content.title = "Reminder"
        content.body = "Water the plants"
        content.sound = .default
        content.badge = 1
        content.userInfo = ["plant": "fern"]
        content.categoryIdentifier = Self.category
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false)
        let request = UNNotificationRequest(identifier: identifier, content: content, trigger: trigger)
        UNUserNotificationCenter.current().add(request) { error in
            self.log.append("added \(identifier) error \((error as? UNError)?.code == .notificationsNotAllowed ? "notificationsNotAllowed" : "none")")
        }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        log.append("willPresent \(notification.request.identifier)")
        completionHandler(presentation)
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        let content = response.notification.request.content
        log.append(
            "didReceive \(response.notification.request.identifier) \(response.actionIdentifier) "
                + "\(content.title)/\(content.body) plant \(content.userInfo["plant"] as? String ?? "-") badge \(content.badge?.intValue ?? 0) "
                + "in \(Application.current?.applicationState.rawValue ?? "?")")
        completionHandler()
    }
}
