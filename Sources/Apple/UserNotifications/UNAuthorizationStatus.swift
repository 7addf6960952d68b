import BackgroundRuntime

/// Whether the user lets the app post notifications (`UNAuthorizationStatus`): the runtime's
/// ``BackgroundRuntime/NotificationAuthorization``. Backgrounder has no provisional permission.
public enum UNAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case denied = 1
    case authorized = 2

    init(_ authorization: NotificationAuthorization) {
        switch authorization {
        case .notDetermined: self = .notDetermined
        case .denied: self = .denied
        case .authorized: self = .authorized
        }
    }
}
