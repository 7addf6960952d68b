import BackgroundRuntime

/// Foundation's `URLSessionDownloadDelegate`: where a download's file is, told on the session's
/// `delegateQueue`. Of no actor, as Apple's (see ``URLSessionDelegate``).
public protocol URLSessionDownloadDelegate: URLSessionTaskDelegate {
    /// `downloadTask` finished; its file is at `location`. iOS removes the file when this method
    /// returns, so move it or read it now.
    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL)
}
