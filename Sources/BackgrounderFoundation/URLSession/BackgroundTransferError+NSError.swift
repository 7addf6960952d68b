import BackgroundRuntime

extension BackgroundTransferError {
    /// The error as Foundation hands it to `urlSession(_:task:didCompleteWithError:)`: an
    /// `NSError` in `NSURLErrorDomain` with the code, the sentence, and the reason the system
    /// cancelled the transfer under `NSURLErrorBackgroundTaskCancelledReasonKey`, and its resume
    /// data under ``NSURLSessionDownloadTaskResumeData``.
    var nsError: NSError {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let cancelledReason { userInfo[NSURLErrorBackgroundTaskCancelledReasonKey] = cancelledReason.rawValue }
        if let resumeData { userInfo[NSURLSessionDownloadTaskResumeData] = resumeData }
        return NSError(domain: NSURLErrorDomain, code: code, userInfo: userInfo)
    }
}
