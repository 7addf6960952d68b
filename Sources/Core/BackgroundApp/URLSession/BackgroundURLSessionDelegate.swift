import BackgroundWire
import Foundation

/// The delegate of a background session (`URLSessionDownloadDelegate`), called on the app's main
/// executor. Every method has a default that does nothing.
@AppMain
public protocol BackgroundURLSessionDelegate: AnyObject, Sendable {
    /// Download `task` finished; its file is at `location` (`urlSession(_:downloadTask:didFinishDownloadingTo:)`).
    func urlSession(_ session: BackgroundURLSession, downloadTask task: Int, didFinishDownloadingTo location: URL)
    /// `task` ended: `error` is nil when it succeeded (`urlSession(_:task:didCompleteWithError:)`).
    func urlSession(_ session: BackgroundURLSession, task: Int, didCompleteWithError error: BackgroundTransferError?)
    /// Every event kept for the session was delivered, after
    /// `handleEventsForBackgroundURLSession`: call the completion handler the app delegate kept
    /// (`urlSessionDidFinishEvents(forBackgroundURLSession:)`).
    func urlSessionDidFinishEvents(forBackgroundURLSession session: BackgroundURLSession)
}

extension BackgroundURLSessionDelegate {
    public func urlSession(_ session: BackgroundURLSession, downloadTask task: Int, didFinishDownloadingTo location: URL) {}
    public func urlSession(_ session: BackgroundURLSession, task: Int, didCompleteWithError error: BackgroundTransferError?) {}
    public func urlSessionDidFinishEvents(forBackgroundURLSession session: BackgroundURLSession) {}
}
