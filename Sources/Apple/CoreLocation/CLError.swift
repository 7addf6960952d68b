/// The domain of Core Location's errors, as `NSError` shows them.
public let kCLErrorDomain = "kCLErrorDomain"

/// A Core Location error, as the delegate's `didFailWithError` and `monitoringDidFailFor` hand
/// it over: `if let error = error as? CLError, error.code == .denied`, or
/// `case CLError.denied` in a `catch` or `switch`. The runtime's explanation, when it has one,
/// is its failure reason.
public struct CLError: Error, CustomNSError, Hashable, Sendable {
    /// Core Location's error codes, with Apple's values.
    public enum Code: Int, Sendable {
        case locationUnknown = 0
        case denied = 1
        case network = 2
        case headingFailure = 3
        case regionMonitoringDenied = 4
        case regionMonitoringFailure = 5
        case regionMonitoringSetupDelayed = 6
        case regionMonitoringResponseDelayed = 7
        case geocodeFoundNoResult = 8
        case geocodeFoundPartialResult = 9
        case geocodeCanceled = 10
        case deferredFailed = 11
        case deferredNotUpdatingLocation = 12
        case deferredAccuracyTooLow = 13
        case deferredDistanceFiltered = 14
        case deferredCanceled = 15
        case rangingUnavailable = 16
        case rangingFailure = 17
        case promptDeclined = 18
        case historicalLocationError = 19

        /// Whether `error` is a Core Location error of `code`: `case CLError.denied`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? CLError)?.code == code
        }
    }

    public let code: Code
    /// Why, in the runtime's words (`NSLocalizedFailureReason`).
    let reason: String?

    public init(_ code: Code) {
        self.init(code, reason: nil)
    }

    init(_ code: Code, reason: String?) {
        self.code = code
        self.reason = reason
    }

    public static var errorDomain: String { kCLErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] {
        reason.map { [NSLocalizedFailureReasonErrorKey: $0] } ?? [:]
    }

    public static var locationUnknown: Code { .locationUnknown }
    public static var denied: Code { .denied }
    public static var network: Code { .network }
    public static var headingFailure: Code { .headingFailure }
    public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
    public static var regionMonitoringFailure: Code { .regionMonitoringFailure }
    public static var regionMonitoringSetupDelayed: Code { .regionMonitoringSetupDelayed }
    public static var regionMonitoringResponseDelayed: Code { .regionMonitoringResponseDelayed }
    public static var promptDeclined: Code { .promptDeclined }
}
