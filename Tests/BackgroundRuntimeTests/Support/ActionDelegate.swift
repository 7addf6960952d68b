import BackgroundRuntime

/// An app delegate with a category of call actions — Accept (opens the app), Decline (handled
/// in the background) and Block (background, needs an unlock) — that logs each launch and
/// answer with the app's state, and calls the answer's completion handler at once or holds it.
@AppMain
final class ActionDelegate: ApplicationDelegate {
    let log: AppLog
    let completesAtOnce: Bool
    /// The completion handler held, for ``completeHeld()``.
    private var held: (@AppMain @Sendable () -> Void)?

    init(log: AppLog, completesAtOnce: Bool) {
        self.log = log
        self.completesAtOnce = completesAtOnce
    }

    /// Calls the completion handler held.
    func completeHeld() {
        held?()
        held = nil
    }

    func applicationDidFinishLaunching(_ application: Application) {
        log.append("didFinishLaunching \(application.launchReason.rawValue)")
        application.requestNotificationAuthorization()
        application.setNotificationCategories([
            NotificationCategory(identifier: "call", actions: [
                NotificationAction(identifier: "accept", title: "Accept", options: .foreground),
                NotificationAction(identifier: "decline", title: "Decline"),
                NotificationAction(identifier: "block", title: "Block", options: [.authenticationRequired, .destructive]),
            ])
        ])
    }

    func application(
        _ application: Application, didReceive response: NotificationResponse,
        withCompletionHandler completionHandler: @escaping @AppMain @Sendable () -> Void
    ) {
        log.append("didReceive \(response.notification.id) \(response.actionIdentifier) in \(application.applicationState.rawValue)")
        if completesAtOnce { completionHandler() } else { held = completionHandler }
    }
}
