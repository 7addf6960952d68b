import BackgroundWire

/// Why the user's answer to a notification did not go through.
public enum NotificationAnswerRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// No such notification is shown and waiting (the banner's, when `id` is nil).
    case notWaiting(id: Int?)
    /// The notification has no action `action`; `available` lists those it has.
    case noSuchAction(String, notification: Int, available: [String])

    public var description: String {
        switch self {
        case .notWaiting(let id):
            id.map { "notification \($0) is not waiting for an answer" } ?? "no notification is waiting for an answer"
        case .noSuchAction(let action, let notification, let available):
            "notification \(notification) has no action \(action)"
                + (available.isEmpty ? " (it has only its default action)" : "; its actions: \(available.joined(separator: ", "))")
        }
    }
}
