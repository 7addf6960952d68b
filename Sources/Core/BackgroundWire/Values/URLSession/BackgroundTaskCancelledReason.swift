/// Why the system cancelled a background transfer: the value under
/// `NSURLErrorBackgroundTaskCancelledReasonKey` (iOS 8), with Apple's raw values.
public enum BackgroundTaskCancelledReason: Int, Codable, Sendable {
    /// `NSURLErrorCancelledReasonUserForceQuitApplication`: the user swiped the app away.
    case userForceQuitApplication = 0
    /// `NSURLErrorCancelledReasonBackgroundUpdatesDisabled`.
    case backgroundUpdatesDisabled = 1
    /// `NSURLErrorCancelledReasonInsufficientSystemResources`.
    case insufficientSystemResources = 2
}
