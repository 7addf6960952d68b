import BackgroundRuntime

/// What a notification shows and carries (`UNNotificationContent`); the app makes a
/// ``UNMutableNotificationContent``. It goes to the system as the runtime's
/// ``BackgroundRuntime/LocalNotification``: `title` and `body` show, the rest rides along for the
/// app (Backgrounder shows no badge and plays no sound).
// Unchecked: not final (UNMutableNotificationContent); its userInfo is [AnyHashable: Any], set on one thread before the content is handed over.
public class UNNotificationContent: @unchecked Sendable {
    public internal(set) var title = ""
    public internal(set) var subtitle = ""
    public internal(set) var body = ""
    public internal(set) var badge: NSNumber?
    public internal(set) var sound: UNNotificationSound?
    /// The app's data. On Backgrounder it must hold JSON's values (strings, numbers, booleans,
    /// arrays and dictionaries), as it crosses to the system as JSON.
    public internal(set) var userInfo: [AnyHashable: Any] = [:]
    /// The ``UNNotificationCategory`` whose actions it shows.
    public internal(set) var categoryIdentifier = ""
    public internal(set) var threadIdentifier = ""

    init() {}

    /// The content of the runtime's `notification`.
    init(_ notification: LocalNotification) {
        title = notification.title ?? ""
        body = notification.alertBody
        badge = notification.badge.map { NSNumber(value: $0) }
        sound = notification.sound.map(UNNotificationSound.init(name:))
        userInfo = notification.userInfo.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
        categoryIdentifier = notification.categoryIdentifier ?? ""
    }

    /// The content of the runtime's `delivered` notification.
    convenience init(_ delivered: DeliveredNotification) {
        self.init(LocalNotification(
            alertBody: delivered.alertBody, categoryIdentifier: delivered.categoryIdentifier, title: delivered.title,
            userInfo: delivered.userInfo, badge: delivered.badge, sound: delivered.sound))
    }

    /// The runtime's notification of this content. A `userInfo` that holds more than JSON's
    /// values is reported (`[unavailable-api]`) and left out.
    var localNotification: LocalNotification {
        var data = Dictionary(uniqueKeysWithValues: userInfo.map { ("\($0.key)", $0.value) })
        if !JSONSerialization.isValidJSONObject(data) {
            Application.current?.report(
                .unavailableAPI,
                "UNNotificationContent.userInfo holds values other than JSON's (strings, numbers, booleans, arrays, "
                    + "dictionaries), which Backgrounder cannot keep: the notification goes without its userInfo")
            data = [:]
        }
        let json = data.isEmpty ? nil : (try? JSONSerialization.data(withJSONObject: data, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) }
        return LocalNotification(
            alertBody: body, categoryIdentifier: categoryIdentifier.isEmpty ? nil : categoryIdentifier,
            title: title.isEmpty ? nil : title, userInfo: json, badge: badge?.intValue, sound: sound?.name)
    }
}
