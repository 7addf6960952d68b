import Location

/// What the app may do with location: the runtime's ``AuthorizationStatus``. Backgrounder has no
/// parental controls or device management, so ``restricted`` never comes; it is here so that a
/// `switch` written for iOS is exhaustive.
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4

    /// Always, in the name of iOS 2 to 7.
    @available(*, deprecated, renamed: "authorizedAlways")
    public static var authorized: CLAuthorizationStatus { .authorizedAlways }

    init(_ status: AuthorizationStatus) {
        self = switch status {
        case .notDetermined: .notDetermined
        case .denied: .denied
        case .authorizedAlways: .authorizedAlways
        case .authorizedWhenInUse: .authorizedWhenInUse
        }
    }
}
