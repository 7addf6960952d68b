import BackgroundRuntime

/// Foundation's `URLSessionDelegate`: what a session tells of itself, on the session's
/// `delegateQueue` (the app's main executor for nil or the main queue). As Apple's, it is not
/// isolated to an actor: a plain class adopts it in the Swift 6 language mode, and a
/// `@MainActor` type with `@preconcurrency` on the conformance, as in Xcode.
public protocol URLSessionDelegate: AnyObject {
    /// Every event the system kept for the session was delivered, after
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`: call the
    /// completion handler the app delegate kept.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession)
}

extension URLSessionDelegate {
    public func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {}
}
