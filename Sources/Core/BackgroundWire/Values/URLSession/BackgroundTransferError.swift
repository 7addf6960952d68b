import Foundation

/// How a background transfer failed, as `NSError` in `NSURLErrorDomain` tells it: the code
/// (`NSURLErrorCancelled`, -999, for a cancelled transfer) and, for one the system cancelled,
/// the reason under `NSURLErrorBackgroundTaskCancelledReasonKey` (nil before iOS 8).
public struct BackgroundTransferError: Error, Codable, Sendable, Equatable, CustomStringConvertible {
    /// The `NSURLErrorDomain` code.
    public let code: Int
    /// Why the system cancelled the transfer, if it did.
    public let cancelledReason: BackgroundTaskCancelledReason?
    /// What went wrong, in a sentence.
    public let message: String
    /// What resumes the download where it stopped (``DownloadResumeData``), when it failed or
    /// was cancelled with bytes a resume can use: `NSURLSessionDownloadTaskResumeData`.
    public let resumeData: Data?

    /// `NSURLErrorCancelled`.
    public static let cancelledCode = -999

    /// An error of `NSURLErrorDomain` `code`, cancelled for `cancelledReason` if given, saying
    /// `message`, with `resumeData` if the download can be resumed.
    public init(code: Int, cancelledReason: BackgroundTaskCancelledReason? = nil, message: String, resumeData: Data? = nil) {
        self.code = code
        self.cancelledReason = cancelledReason
        self.message = message
        self.resumeData = resumeData
    }

    /// As `NSError` prints it: `NSURLErrorDomain Code=-999 "cancelled" NSURLErrorBackgroundTaskCancelledReasonKey=0`.
    public var description: String {
        "NSURLErrorDomain Code=\(code) \"\(message)\""
            + (cancelledReason.map { " NSURLErrorBackgroundTaskCancelledReasonKey=\($0.rawValue)" } ?? "")
    }
}
