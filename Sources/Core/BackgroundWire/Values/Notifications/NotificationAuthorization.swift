/// Whether the user lets the app post notifications, like `UNAuthorizationStatus`.
public enum NotificationAuthorization: String, Sendable, Codable {
    /// The app has not asked yet.
    case notDetermined
    /// The user allowed notifications.
    case authorized
    /// The user refused them.
    case denied
}
