import BackgroundRuntime
import BackgrounderFoundation

/// An app that downloads as iOS code does, in Foundation's spelling: a `URLSession` of a
/// background configuration made at launch, with itself as the `URLSessionDownloadDelegate`.
/// It writes what it hears to a ``SessionLog``, keeping the resume data an error's `userInfo`
/// carries under `NSURLSessionDownloadTaskResumeData` and noting the size of what the error, cast
/// `as? URLError`, gives as `downloadTaskResumeData`, and keeps the task it made last.
@AppMain
final class FoundationDownloaderApp: ApplicationDelegate, @preconcurrency URLSessionDownloadDelegate {
    let log: SessionLog
    var session: URLSession?
    var lastTask: URLSessionDownloadTask?

    init(log: SessionLog) {
        self.log = log
    }

    func applicationDidFinishLaunching(_ application: Application) {
        session = URLSession(configuration: .background(withIdentifier: "downloads"), delegate: self, delegateQueue: nil)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let bytes = (try? Data(contentsOf: location)).map { "\($0.count) bytes" } ?? "no file"
        log.append("task \(downloadTask.taskIdentifier) finished: \(bytes)")
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        // Swift's spelling, as Apple's sample code reads it.
        if let error = error as? URLError, let resumeData = error.downloadTaskResumeData {
            log.append("task \(task.taskIdentifier) URLError resume data: \(resumeData.count) bytes")
        }
        let error = error as NSError?
        if let resumeData = error?.userInfo[NSURLSessionDownloadTaskResumeData] as? Data {
            log.keep(resumeData, ofTask: task.taskIdentifier)
        }
        log.append("task \(task.taskIdentifier) completed: \(error.map { "\($0.domain) \($0.code)" } ?? "no error")")
    }
}
