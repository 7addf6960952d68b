/// The answer to the app's registration for pushes.
public enum PushRegistration: Sendable, Equatable, Codable {
    /// `didRegisterForRemoteNotificationsWithDeviceToken`.
    case remoteNotifications(PushToken)
    /// PushKit's `didUpdate pushCredentials` for VoIP.
    case voip(PushToken)
    /// `didFailToRegisterForRemoteNotificationsWithError`.
    case failed(PushRegistrationError)
}
