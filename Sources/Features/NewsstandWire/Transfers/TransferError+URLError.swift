
/// How a background session's delegate hears a download's error: the nearest `NSURLErrorDomain`
/// code, with the error's own sentence as the message.
extension TransferError {
    /// `NSURLErrorCannotConnectToHost`, `NSURLErrorNetworkConnectionLost`, `NSURLErrorBadServerResponse`, …;
    /// `NSURLErrorUnknown` for retries that ran out (the service names the last attempt's code instead).
    package var urlErrorCode: Int {
        switch self {
        case .connectionRefused: -1004
        case .network, .truncated: -1005
        case .stalled: -1001
        case .redirectLoop: -1007
        case .httpStatus, .rangeNotSatisfiable, .malformedResponse: -1011
        case .tls: -1200
        case .unsafeFileName, .disk, .insufficientSpace: -3000
        case .gaveUp: -1
        }
    }
}
