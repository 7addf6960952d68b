import BackgroundRuntime

/// An app delegate that logs the notifications it is handed and asks for the banner if told to.
@AppMain
final class NotifiedDelegate: ApplicationDelegate {
    let log: AppLog
    let showsBanner: Bool

    init(log: AppLog, showsBanner: Bool) {
        self.log = log
        self.showsBanner = showsBanner
    }

    func application(_ application: Application, didReceiveLocalNotification notification: DeliveredNotification) {
        log.append("didReceiveLocalNotification \(notification.alertBody)")
    }

    func application(_ application: Application, willPresent notification: DeliveredNotification) -> NotificationPresentation {
        log.append("willPresent \(notification.alertBody)")
        return showsBanner ? .banner : .none
    }

    func application(_ application: Application, didReceiveResponseTo notification: DeliveredNotification) {
        log.append("didReceiveResponseTo \(notification.consoleText)")
    }
}
