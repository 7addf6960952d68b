import Location

/// How precisely the app may know where the device is (iOS 14): the runtime's
/// ``AccuracyAuthorization``.
public enum CLAccuracyAuthorization: Int, Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1

    init(_ accuracy: AccuracyAuthorization) {
        self = switch accuracy {
        case .fullAccuracy: .fullAccuracy
        case .reducedAccuracy: .reducedAccuracy
        }
    }
}
