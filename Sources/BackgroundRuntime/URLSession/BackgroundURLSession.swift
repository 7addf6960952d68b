import Foundation

/// A background URL session, the app's side (`URLSession(configuration: .background(withIdentifier:), delegate:)`):
/// its transfers are the system's, which carries them on while the app is suspended or not
/// running, and knows the session by its identifier. Make it with
/// ``Application/backgroundSession(configuration:delegate:)``, once per launch; a relaunched app
/// makes it again with the same identifier to hear the events the system kept.
@AppMain
public final class BackgroundURLSession {
    /// The configuration it was made with; its identifier names it to the system.
    public let configuration: BackgroundSessionConfiguration
    /// The delegate, kept strongly as `URLSession` keeps its own.
    public let delegate: any BackgroundURLSessionDelegate
    private weak var application: Application?

    init(configuration: BackgroundSessionConfiguration, delegate: any BackgroundURLSessionDelegate, application: Application) {
        self.configuration = configuration
        self.delegate = delegate
        self.application = application
    }

    /// Hands a download of `url` to the system (`downloadTask(with:)` then `resume()`): it runs
    /// now, or when its conditions hold (see ``BackgroundSessionConfiguration/isDiscretionary``).
    /// Returns its identifier (`taskIdentifier`); nil when the app has ended.
    public func downloadTask(with url: URL) -> Int? {
        guard let application else { return nil }
        return application.system?.addDownloadTask(
            session: configuration.identifier, url: url.absoluteString, launchNumber: application.launchNumber)
    }

    /// Tells the delegate of `events`, then, if `finishing`, that every event was delivered.
    func receive(_ events: [BackgroundTransferEvent], finishing: Bool) {
        for event in events {
            switch event {
            case .finished(let task, let location):
                delegate.urlSession(self, downloadTask: task, didFinishDownloadingTo: URL(fileURLWithPath: location))
                delegate.urlSession(self, task: task, didCompleteWithError: nil)
            case .failed(let task, let error):
                delegate.urlSession(self, task: task, didCompleteWithError: error)
            }
        }
        if finishing { delegate.urlSessionDidFinishEvents(forBackgroundURLSession: self) }
    }
}
