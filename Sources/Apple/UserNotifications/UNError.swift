/// Why UserNotifications refused a call (`UNError`).
public struct UNError: Error, Sendable, Equatable {
    /// The reason (`UNError.Code`).
    public enum Code: Int, Sendable {
        /// The user did not allow the app's notifications.
        case notificationsNotAllowed = 1
    }

    public let code: Code

    public init(_ code: Code) {
        self.code = code
    }

    /// `UNError.notificationsNotAllowed`, to compare an error with.
    public static let notificationsNotAllowed = Code.notificationsNotAllowed
}
