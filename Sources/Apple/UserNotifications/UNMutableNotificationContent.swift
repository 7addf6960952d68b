/// Content the app fills in (`UNMutableNotificationContent`).
// Unchecked: a subclass of UNNotificationContent; as UserNotifications', the app fills it in on one thread, then hands it to add(_:).
public final class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    public override init() {
        super.init()
    }

    public override var title: String {
        get { super.title }
        set { super.title = newValue }
    }

    public override var subtitle: String {
        get { super.subtitle }
        set { super.subtitle = newValue }
    }

    public override var body: String {
        get { super.body }
        set { super.body = newValue }
    }

    public override var badge: NSNumber? {
        get { super.badge }
        set { super.badge = newValue }
    }

    public override var sound: UNNotificationSound? {
        get { super.sound }
        set { super.sound = newValue }
    }

    public override var userInfo: [AnyHashable: Any] {
        get { super.userInfo }
        set { super.userInfo = newValue }
    }

    public override var categoryIdentifier: String {
        get { super.categoryIdentifier }
        set { super.categoryIdentifier = newValue }
    }

    public override var threadIdentifier: String {
        get { super.threadIdentifier }
        set { super.threadIdentifier = newValue }
    }
}
