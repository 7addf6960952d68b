import BackgroundRuntime
import Foundation

/// The delegate of SpinnerApp's background session "spin": it logs each download's file with the
/// app's process id, and calls the completion handler of handleEventsForBackgroundURLSession it
/// was handed once the session's events are delivered.
@AppMain
final class SpinnerSessionDelegate: BackgroundURLSessionDelegate {
    let application: Application
    var completionHandler: (@AppMain @Sendable () -> Void)?

    init(application: Application) {
        self.application = application
    }

    func urlSession(_ session: BackgroundURLSession, downloadTask task: Int, didFinishDownloadingTo location: URL) {
        application.logger.info("Background download \(task) finished: \(location.path) (pid \(getpid()))")
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: BackgroundURLSession) {
        application.logger.info("urlSessionDidFinishEvents(\(session.configuration.identifier)); calling the completion handler")
        completionHandler?()
        completionHandler = nil
    }
}
