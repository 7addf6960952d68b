/// Why location updates failed, like `CLError`.
public enum LocationError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The user denied the app the use of location (`kCLErrorDenied`).
    case denied
    /// When-in-use authorization does not allow starting updates in the background.
    case notInForeground
    /// The app has not been authorized yet: it never asked, or its request failed.
    case notAuthorized
    /// A region could not be monitored (`kCLErrorRegionMonitoringFailure`): the app monitors the
    /// most regions already, or the region is bad; the text says which.
    case regionMonitoringFailure(String)
    /// The API does not exist in the iOS version the device runs; the text names the API and both versions.
    case unavailable(String)

    public var description: String {
        switch self {
        case .denied: "the user denied the use of location (kCLErrorDenied)"
        case .notInForeground: "when-in-use authorization allows starting updates only in the foreground (kCLErrorDenied)"
        case .notAuthorized: "the app is not authorized to use location; request authorization first"
        case .regionMonitoringFailure(let reason): "region monitoring failed (kCLErrorRegionMonitoringFailure): \(reason)"
        case .unavailable(let reason): reason
        }
    }
}
