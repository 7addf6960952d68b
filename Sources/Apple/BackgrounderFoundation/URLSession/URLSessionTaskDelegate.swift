import BackgroundRuntime

/// Foundation's `URLSessionTaskDelegate`: how each task ended, told on the session's
/// `delegateQueue`. Of no actor, as Apple's (see ``URLSessionDelegate``).
public protocol URLSessionTaskDelegate: URLSessionDelegate {
    /// `task` ended: `error` is nil when it succeeded, else a `URLError` (`NSURLErrorDomain`),
    /// which reads as an `NSError` too (`error as NSError`).
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?)
}

extension URLSessionTaskDelegate {
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {}
}
