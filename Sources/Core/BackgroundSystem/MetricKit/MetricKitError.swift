import BackgroundWire

/// Why a MetricKit payload cannot be made.
public enum MetricKitError: Error, Equatable, CustomStringConvertible {
    /// MetricKit is new in iOS 13.
    case unavailable(PolicyProfile)

    public var description: String {
        switch self {
        case .unavailable(let profile): "MetricKit is new in iOS 13; this is \(profile.name) (run with --ios 13 or later)"
        }
    }
}
