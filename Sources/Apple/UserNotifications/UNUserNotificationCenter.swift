import BackgroundRuntime
import Foundation
import Synchronization

/// The app's notification center (`UNUserNotificationCenter`), iOS 10 and later: the runtime's
/// notifications, as the launch's ``BackgroundRuntime/Application`` has them — the permission
/// (``BackgroundRuntime/Application/requestNotificationAuthorization(completionHandler:)``),
/// requests the system keeps until their triggers fire (``BackgroundRuntime/Application/add(_:)``),
/// categories of actions, and a delegate in the app delegate's place.
///
/// Like Apple's (a plain `NSObject` subclass of no actor) any thread may use it: a call from
/// another thread than the app's main thread is carried out there, after the jobs already queued
/// (``BackgroundRuntime/Application/onMain(_:)``), as `add(_:)` from a background queue is on
/// iOS. Completion handlers are called on the app's main executor, at once when the answer is
/// known (after the user's answer, for a permission alert), where iOS calls them later on a
/// queue of its own.
public final class UNUserNotificationCenter: NSObject, Sendable {
    /// Hears notifications presented while the app is active and the user's answers; held
    /// weakly, as UserNotifications holds it. While there is none the app delegate hears them.
    public var delegate: (any UNUserNotificationCenterDelegate)? {
        get { delegateReference.withLock { $0.delegate } }
        set {
            delegateReference.withLock { $0.delegate = newValue }
            let application = application
            let relay = newValue == nil ? nil : relay
            application.onMain { application.notificationReceiver = relay }
        }
    }
    private let application: Application
    private let delegateReference = Mutex(WeakDelegate())
    private let relay: NotificationRelay

    private init(application: Application) {
        self.application = application
        relay = NotificationRelay()
        super.init()
        relay.center = self
    }

    /// The center of the launch whose code runs now, as `current()` is the process's.
    ///
    /// Before iOS 10, where the framework does not exist, the use is reported
    /// (`[unavailable-api]`) and the center goes on over the runtime's notifications of that era
    /// (`UILocalNotification`'s).
    ///
    /// - precondition: the caller is the app's code.
    public static func current() -> UNUserNotificationCenter {
        let application = Application.current(for: "UNUserNotificationCenter.current()")
        if !application.profile.has(.userNotifications) {
            application.report(
                .unavailableAPI,
                "UNUserNotificationCenter.current() does not exist in \(application.profile.name); "
                    + application.profile.absence(of: .userNotifications))
        }
        return application.launchObject(UNUserNotificationCenter.self) { UNUserNotificationCenter(application: application) }
    }

    /// Runs `body` with the launch's application on the app's main executor and hands its
    /// result to `completion` there; at once when the caller runs there.
    private func onMain<T>(_ body: @escaping @AppMain @Sendable (Application) -> T, then completion: @escaping (T) -> Void) {
        // Apple's completion handlers are not `@Sendable` in the Swift 5 era: the app hands each
        // to the framework, which calls it once.
        nonisolated(unsafe) let completion = completion
        let application = application
        application.onMain { completion(body(application)) }
    }

    /// `body`'s result, computed on the app's main executor.
    private func onMain<T: Sendable>(_ body: @escaping @AppMain @Sendable (Application) -> T) async -> T {
        await withCheckedContinuation { continuation in
            let application = application
            application.onMain { continuation.resume(returning: body(application)) }
        }
    }

    // MARK: The permission

    /// Asks the user's permission, the first time only: `completionHandler` gets whether the
    /// app may post notifications, once the user answered the alert. The error is always nil.
    public func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping (Bool, (any Error)?) -> Void
    ) {
        nonisolated(unsafe) let completionHandler = completionHandler
        let application = application
        application.onMain { application.requestNotificationAuthorization { completionHandler($0, nil) } }
    }

    /// Asks the user's permission, the first time only, and returns whether the app may post
    /// notifications once the user answered.
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        await withCheckedContinuation { continuation in
            let application = application
            application.onMain { application.requestNotificationAuthorization { continuation.resume(returning: $0) } }
        }
    }

    /// Hands `completionHandler` the app's settings: the permission.
    public func getNotificationSettings(completionHandler: @escaping (UNNotificationSettings) -> Void) {
        onMain(Self.settings, then: completionHandler)
    }

    /// The app's settings: the permission.
    public func notificationSettings() async -> UNNotificationSettings {
        await onMain(Self.settings)
    }

    @AppMain private static func settings(of application: Application) -> UNNotificationSettings {
        UNNotificationSettings(authorizationStatus: UNAuthorizationStatus(application.notificationsSnapshot.authorization))
    }

    // MARK: Requests

    /// Asks the system to present `request`'s notification when its trigger fires, or at once.
    /// Without the user's permission it is refused: `completionHandler` gets
    /// ``UNError/Code/notificationsNotAllowed``.
    public func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (((any Error)?) -> Void)? = nil) {
        let runtimeRequest = request.runtimeRequest
        onMain({ $0.add(runtimeRequest) }, then: { taken in completionHandler?(taken ? nil : UNError(.notificationsNotAllowed)) })
    }

    /// Asks the system to present `request`'s notification; throws ``UNError`` without permission.
    public func add(_ request: UNNotificationRequest) async throws {
        let runtimeRequest = request.runtimeRequest
        guard await onMain({ $0.add(runtimeRequest) }) else { throw UNError(.notificationsNotAllowed) }
    }

    /// Hands `completionHandler` the requests waiting for their triggers, the soonest first.
    public func getPendingNotificationRequests(completionHandler: @escaping ([UNNotificationRequest]) -> Void) {
        onMain(Self.pendingRequests, then: completionHandler)
    }

    /// The requests waiting for their triggers, the soonest first.
    public func pendingNotificationRequests() async -> [UNNotificationRequest] {
        await onMain(Self.pendingRequests)
    }

    @AppMain private static func pendingRequests(of application: Application) -> [UNNotificationRequest] {
        application.notificationsSnapshot.pending.map(UNNotificationRequest.init)
    }

    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        let application = application
        application.onMain { application.removePendingNotificationRequests(withIdentifiers: identifiers) }
    }

    public func removeAllPendingNotificationRequests() {
        let application = application
        application.onMain { application.removePendingNotificationRequests(withIdentifiers: nil) }
    }

    // MARK: Delivered notifications

    /// Hands `completionHandler` the app's notifications in Notification Center: those shown
    /// and not yet answered, of the latest the runtime keeps, oldest first.
    public func getDeliveredNotifications(completionHandler: @escaping ([UNNotification]) -> Void) {
        onMain(Self.deliveredNotifications, then: completionHandler)
    }

    /// The app's notifications in Notification Center (see ``getDeliveredNotifications(completionHandler:)``).
    public func deliveredNotifications() async -> [UNNotification] {
        await onMain(Self.deliveredNotifications)
    }

    @AppMain private static func deliveredNotifications(of application: Application) -> [UNNotification] {
        application.notificationsSnapshot.delivered.filter { $0.shown && !$0.answered }.map(UNNotification.init)
    }

    // MARK: Categories

    /// Registers the app's kinds of notification and their buttons, replacing those set before.
    public func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        let runtimeCategories = categories.sorted { $0.identifier < $1.identifier }.map(\.runtimeCategory)
        let application = application
        application.onMain { application.setNotificationCategories(runtimeCategories) }
    }
}
