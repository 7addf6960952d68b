import BackgroundRuntime
/// Foundation's `URLSessionDelegate`: what a session tells of itself. Backgrounder calls a
/// background session's delegate on the app's main executor (iOS calls it on the session's
/// delegate queue).
@preconcurrency @AppMain
public protocol URLSessionDelegate: AnyObject {
    /// Every event the system kept for the session was delivered, after
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`: call the
    /// completion handler the app delegate kept.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession)
}

extension URLSessionDelegate {
    public func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {}
}
