import BackgroundRuntime

extension BackgroundTransferError {
    /// The error as Foundation hands it to `urlSession(_:task:didCompleteWithError:)`: an
    /// `NSError` in `NSURLErrorDomain` with the code, the sentence, and the reason the system
    /// cancelled the transfer under `NSURLErrorBackgroundTaskCancelledReasonKey`.
    var nsError: NSError {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let cancelledReason { userInfo[NSURLErrorBackgroundTaskCancelledReasonKey] = cancelledReason.rawValue }
        return NSError(domain: NSURLErrorDomain, code: code, userInfo: userInfo)
    }
}
