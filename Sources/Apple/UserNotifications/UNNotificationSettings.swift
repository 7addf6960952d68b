/// The app's notification settings (`UNNotificationSettings`): on Backgrounder, the permission.
public final class UNNotificationSettings: Sendable {
    public let authorizationStatus: UNAuthorizationStatus

    init(authorizationStatus: UNAuthorizationStatus) {
        self.authorizationStatus = authorizationStatus
    }
}
