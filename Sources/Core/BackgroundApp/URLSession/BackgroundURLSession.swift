import BackgroundWire
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
    /// The URL of each task this launch made or heard of.
    private var urls: [Int: URL] = [:]

    init(configuration: BackgroundSessionConfiguration, delegate: any BackgroundURLSessionDelegate, application: Application) {
        self.configuration = configuration
        self.delegate = delegate
        self.application = application
    }

    /// Hands a download of `url` to the system (`downloadTask(with:)` then `resume()`): it runs
    /// now, or when its conditions hold (see `BackgroundSessionConfiguration/isDiscretionary`)
    /// and `earliestBeginDate` (the task's, iOS 11), if given, has come on the device's clock.
    /// `expectedBytes` is what the task says it sends and receives at most (its
    /// `countOfBytesClientExpectsToSend` and `…ToReceive`, iOS 11): a discretionary transfer
    /// that says it is small waits only for the network. Returns its identifier
    /// (`taskIdentifier`); nil when the app has ended.
    public func downloadTask(with url: URL, earliestBeginDate: Date? = nil, expectedBytes: Int64? = nil) -> Int? {
        hand(url: url, resumeData: nil, earliestBeginDate: earliestBeginDate, expectedBytes: expectedBytes)
    }

    /// Hands the system a download that resumes where `resumeData` says
    /// (`downloadTask(withResumeData:)` then `resume()`): the error of a failed or cancelled
    /// download carried it (`BackgroundTransferError/resumeData`). The system asks for the
    /// rest with `Range` and `If-Range`, and starts over if the server sends the whole file.
    /// Data that is not resume data fails the task with -3003 (`DownloadResumeData`). Returns
    /// its identifier; nil when the app has ended.
    public func downloadTask(withResumeData resumeData: Data, earliestBeginDate: Date? = nil, expectedBytes: Int64? = nil) -> Int? {
        let url = (try? DownloadResumeData(data: resumeData)).flatMap { URL(string: $0.url) }
        return hand(url: url, resumeData: resumeData, earliestBeginDate: earliestBeginDate, expectedBytes: expectedBytes)
    }

    /// Cancels transfer `task` (`cancel()`): it ends with -999. With `producingResumeData`
    /// (`cancel(byProducingResumeData:)`), the error carries resume data when the bytes so far
    /// can be resumed.
    public func cancel(task: Int, producingResumeData: Bool = false) {
        guard let application else { return }
        application.system?.cancelDownloadTask(task, producingResumeData: producingResumeData, launchNumber: application.launchNumber)
    }

    private func hand(url: URL?, resumeData: Data?, earliestBeginDate: Date?, expectedBytes: Int64?) -> Int? {
        guard let application,
            let task = application.system?.addDownloadTask(
                session: configuration.identifier, url: url?.absoluteString ?? "", earliestBeginDate: earliestBeginDate,
                expectedBytes: expectedBytes, resumeData: resumeData, launchNumber: application.launchNumber)
        else { return nil }
        urls[task] = url
        return task
    }

    /// The URL task `task` downloads, if this launch made it or heard of its end (a task kept
    /// from an earlier launch comes with its URL, as `originalRequest` does on iOS).
    public func url(ofTask task: Int) -> URL? {
        urls[task]
    }

    /// Tells the delegate of `events`, then, if `finishing`, that every event was delivered;
    /// `urls` names each task's URL.
    func receive(_ events: [BackgroundTransferEvent], urls: [Int: String], finishing: Bool) {
        for (task, url) in urls { self.urls[task] = self.urls[task] ?? URL(string: url) }
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
