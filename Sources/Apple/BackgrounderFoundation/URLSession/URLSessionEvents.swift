import BackgroundRuntime

/// The runtime's delegate of a ``URLSession``'s background session: it hands each event to the
/// session, which tells its own delegate in Foundation's spelling. It keeps the session, as the
/// system keeps a background session alive until it is invalidated.
final class URLSessionEvents: BackgroundURLSessionDelegate {
    let session: URLSession

    init(session: URLSession) {
        self.session = session
    }

    func urlSession(_ session: BackgroundURLSession, downloadTask task: Int, didFinishDownloadingTo location: URL) {
        self.session.receive(.finished(task: task, location: location.path))
    }

    func urlSession(_ session: BackgroundURLSession, task: Int, didCompleteWithError error: BackgroundTransferError?) {
        guard let error else { return }
        self.session.receive(.failed(task: task, error))
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: BackgroundURLSession) {
        self.session.finishEvents()
    }
}
