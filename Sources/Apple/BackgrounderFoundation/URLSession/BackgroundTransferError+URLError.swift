import BackgroundRuntime

extension BackgroundTransferError {
    /// The error as Foundation hands it to `urlSession(_:task:didCompleteWithError:)`: a
    /// `URLError` (`NSURLErrorDomain`) with the code, the sentence, and the reason the system
    /// cancelled the transfer under `NSURLErrorBackgroundTaskCancelledReasonKey`, and its resume
    /// data under ``NSURLSessionDownloadTaskResumeData``. A `URLError` value rather than an
    /// `NSError`, because on Linux an `NSError` does not bridge to `URLError`: so both of iOS's
    /// spellings work, `error as? URLError` (with ``Foundation/URLError/downloadTaskResumeData``)
    /// and `(error as NSError).userInfo[NSURLSessionDownloadTaskResumeData]`.
    var urlError: URLError {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let cancelledReason { userInfo[NSURLErrorBackgroundTaskCancelledReasonKey] = cancelledReason.rawValue }
        if let resumeData { userInfo[NSURLSessionDownloadTaskResumeData] = resumeData }
        return URLError(_nsError: NSError(domain: NSURLErrorDomain, code: code, userInfo: userInfo))
    }
}
