import BackgroundRuntime

/// The app's notification center (`UNUserNotificationCenter`), iOS 10 and later: the runtime's
/// notifications, as the launch's ``BackgroundRuntime/Application`` has them — the permission
/// (``BackgroundRuntime/Application/requestNotificationAuthorization(completionHandler:)``),
/// requests the system keeps until their triggers fire (``BackgroundRuntime/Application/add(_:)``),
/// categories of actions, and a delegate in the app delegate's place.
///
/// Completion handlers are called on the app's main executor, at once when the answer is known
/// (after the user's answer, for a permission alert), where iOS calls them later on a queue of
/// its own.
@preconcurrency @AppMain
public final class UNUserNotificationCenter {
    /// Hears notifications presented while the app is active and the user's answers; held
    /// weakly, as UserNotifications holds it. While there is none the app delegate hears them.
    public weak var delegate: (any UNUserNotificationCenterDelegate)? {
        didSet { application.notificationReceiver = delegate == nil ? nil : relay }
    }
    private let application: Application
    private lazy var relay = NotificationRelay(center: self)

    private init(application: Application) {
        self.application = application
    }

    /// The center of the launch whose code runs now, as `current()` is the process's.
    ///
    /// - precondition: the caller is the app's code on a device of iOS 10 or later.
    public static func current() -> UNUserNotificationCenter {
        let application = Application.current(for: "UNUserNotificationCenter.current()")
        guard application.profile.iOSVersion >= 10 else {
            preconditionFailure("UserNotifications is available from iOS 10; this device runs iOS \(application.profile.iOSVersion)")
        }
        return application.launchObject(UNUserNotificationCenter.self) { UNUserNotificationCenter(application: application) }
    }

    // MARK: The permission

    /// Asks the user's permission, the first time only: `completionHandler` gets whether the
    /// app may post notifications, once the user answered the alert. The error is always nil.
    public func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping (Bool, (any Error)?) -> Void
    ) {
        application.requestNotificationAuthorization { completionHandler($0, nil) }
    }

    /// Asks the user's permission, the first time only, and returns whether the app may post
    /// notifications once the user answered.
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        await withCheckedContinuation { continuation in
            application.requestNotificationAuthorization { continuation.resume(returning: $0) }
        }
    }

    /// Hands `completionHandler` the app's settings: the permission.
    public func getNotificationSettings(completionHandler: @escaping (UNNotificationSettings) -> Void) {
        completionHandler(notificationSettings)
    }

    /// The app's settings: the permission.
    public func notificationSettings() async -> UNNotificationSettings {
        notificationSettings
    }

    private var notificationSettings: UNNotificationSettings {
        UNNotificationSettings(authorizationStatus: UNAuthorizationStatus(application.notificationsSnapshot.authorization))
    }

    // MARK: Requests

    /// Asks the system to present `request`'s notification when its trigger fires, or at once.
    /// Without the user's permission it is refused: `completionHandler` gets
    /// ``UNError/Code/notificationsNotAllowed``.
    public func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (((any Error)?) -> Void)? = nil) {
        let taken = application.add(request.runtimeRequest)
        completionHandler?(taken ? nil : UNError(.notificationsNotAllowed))
    }

    /// Asks the system to present `request`'s notification; throws ``UNError`` without permission.
    public func add(_ request: UNNotificationRequest) async throws {
        guard application.add(request.runtimeRequest) else { throw UNError(.notificationsNotAllowed) }
    }

    /// Hands `completionHandler` the requests waiting for their triggers, the soonest first.
    public func getPendingNotificationRequests(completionHandler: @escaping ([UNNotificationRequest]) -> Void) {
        completionHandler(pendingRequests)
    }

    /// The requests waiting for their triggers, the soonest first.
    public func pendingNotificationRequests() async -> [UNNotificationRequest] {
        pendingRequests
    }

    private var pendingRequests: [UNNotificationRequest] {
        application.notificationsSnapshot.pending.map(UNNotificationRequest.init)
    }

    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        application.removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    public func removeAllPendingNotificationRequests() {
        application.removePendingNotificationRequests(withIdentifiers: nil)
    }

    // MARK: Delivered notifications

    /// Hands `completionHandler` the app's notifications in Notification Center: those shown
    /// and not yet answered, of the latest the runtime keeps, oldest first.
    public func getDeliveredNotifications(completionHandler: @escaping ([UNNotification]) -> Void) {
        completionHandler(deliveredNotifications)
    }

    /// The app's notifications in Notification Center (see ``getDeliveredNotifications(completionHandler:)``).
    public func deliveredNotifications() async -> [UNNotification] {
        deliveredNotifications
    }

    private var deliveredNotifications: [UNNotification] {
        application.notificationsSnapshot.delivered.filter { $0.shown && !$0.answered }.map(UNNotification.init)
    }

    // MARK: Categories

    /// Registers the app's kinds of notification and their buttons, replacing those set before.
    public func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        application.setNotificationCategories(categories.sorted { $0.identifier < $1.identifier }.map(\.runtimeCategory))
    }
}
