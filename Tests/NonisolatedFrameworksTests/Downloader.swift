import UIKit

/// A background download as iOS code writes it, after Apple's "Downloading files in the
/// background": a plain class of the Swift 6 language mode, of no actor, that makes its
/// background session on first use (here from a background queue), starts the task, and is the
/// session's delegate, calling the app delegate's completion handler from the main queue once
/// the session's events are delivered. What it hears goes to ``Heard``, with where it ran.
final class Downloader: NSObject, URLSessionDownloadDelegate {
    let heard: Heard
    /// The queue its session calls it on; nil: the app's main thread.
    let delegateQueue: OperationQueue?

    init(heard: Heard, delegateQueue: OperationQueue?) {
        self.heard = heard
        self.delegateQueue = delegateQueue
    }

    lazy var session: URLSession = {
        heard.record("session made \(place())")
        let config = URLSessionConfiguration.background(withIdentifier: "com.example.bg")
        config.isDiscretionary = true
        config.sessionSendsLaunchEvents = true
        return URLSession(configuration: config, delegate: self, delegateQueue: delegateQueue)
    }()

    /// The download it started last, kept to cancel it.
    private var task: URLSessionDownloadTask?

    /// Downloads `url`; with `expectedBytes`, the task says how much it receives at most, as
    /// Apple asks from iOS 11.
    func start(_ url: URL, expectedBytes: Int64? = nil) {
        let task = session.downloadTask(with: url)
        if let expectedBytes {
            task.countOfBytesClientExpectsToSend = 200
            task.countOfBytesClientExpectsToReceive = expectedBytes
        }
        self.task = task
        task.resume()
    }

    func cancel() {
        task?.cancel()
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let bytes = (try? Data(contentsOf: location)).map { "\($0.count) bytes" } ?? "no file"
        heard.record("finished \(bytes) of \(downloadTask.originalRequest?.url?.lastPathComponent ?? "?") \(place())")
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let code = (error as? URLError)?.code.rawValue
        heard.record("completed \(error == nil ? "without error" : "with code \(code.map(String.init) ?? "?")") \(place())")
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        heard.record("events delivered \(place())")
        DispatchQueue.main.async {
            guard let appDelegate = UIApplication.shared.delegate as? DownloadsAppDelegate,
                let handler = appDelegate.backgroundCompletionHandler
            else { return }
            handler()
        }
    }

    /// Where the code runs: `on its queue` on the delegate queue, else as ``Heard/whereCalled()`` says.
    private func place() -> String {
        if let delegateQueue, OperationQueue.current === delegateQueue { return "on its queue" }
        return heard.whereCalled()
    }
}
