/// A push as a `NotificationServiceExtension` gets it, like `UNNotificationRequest` with a
/// push trigger: its identifier, the content the system would show, and the whole payload (a
/// provider's own keys, such as an encrypted body to decrypt).
public struct NotificationServiceRequest: Sendable, Equatable, Codable {
    /// The push's `apns-id`.
    public let identifier: String
    /// What the notification shows unless the extension changes it.
    public let content: LocalNotification
    public let payload: PushPayload

    package init(identifier: String, content: LocalNotification, payload: PushPayload) {
        self.identifier = identifier
        self.content = content
        self.payload = payload
    }
}
