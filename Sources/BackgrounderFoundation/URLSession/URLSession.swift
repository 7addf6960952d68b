import BackgroundRuntime

/// Foundation's `URLSession`. Made with a background configuration, it is a background session
/// of Backgrounder's runtime (``Application/backgroundSession(configuration:delegate:)``): its
/// download tasks are the system's transfers, which go on while the app is suspended or not
/// running, and its delegate hears of them on the app's main executor. Made with another
/// configuration, it is FoundationNetworking's session, for the data and download tasks with a
/// completion handler.
///
/// Code that imports UIKit (or another Apple-spelled module here) gets this class for the name `URLSession` (a module's own
/// declaration shadows one of a module it imports), so background code is written as on iOS.
@preconcurrency @AppMain
public final class URLSession {
    /// The configuration it was made with.
    public let configuration: URLSessionConfiguration
    /// The delegate, kept strongly, as Foundation keeps it until the session is invalidated.
    public let delegate: (any URLSessionDelegate)?
    /// The queue Foundation would call the delegate on. Backgrounder calls a background
    /// session's delegate on the app's main executor whatever this is.
    public let delegateQueue: OperationQueue?
    /// FoundationNetworking's session, for a configuration that is not a background one.
    private let foundation: FoundationNetworking.URLSession?
    /// The runtime's session, for a background configuration made in a launch that may.
    private var background: BackgroundURLSession?
    /// The launch that made a background session.
    private let application: Application?
    /// The tasks the session told of or made, by number, until they end.
    private var tasks: [Int: URLSessionTask] = [:]

    /// FoundationNetworking's shared session.
    public nonisolated static var shared: FoundationNetworking.URLSession { FoundationNetworking.URLSession.shared }

    /// A session with `configuration` and `delegate`. A background configuration makes the
    /// runtime's background session of the running launch: make one per identifier and keep
    /// it, and make it again after a relaunch to hear the events the system kept.
    ///
    /// - precondition: a background session is made by the app's code, on its device.
    public init(configuration: URLSessionConfiguration, delegate: (any URLSessionDelegate)? = nil, delegateQueue: OperationQueue? = nil) {
        self.configuration = configuration
        self.delegate = delegate
        self.delegateQueue = delegateQueue
        guard let background = configuration.background else {
            foundation = FoundationNetworking.URLSession(configuration: configuration.foundation)
            application = nil
            return
        }
        foundation = nil
        let application = Application.current(for: "URLSession(configuration: .background(withIdentifier: \"\(background.identifier)\"))")
        self.application = application
        self.background = application.backgroundSession(configuration: background, delegate: URLSessionEvents(session: self))
    }

    /// A download task of `url`, suspended until its `resume()`.
    public func downloadTask(with url: URL) -> URLSessionDownloadTask {
        downloadTask(with: URLRequest(url: url))
    }

    /// A download task of `request`, suspended until its `resume()`. On Backgrounder the system
    /// downloads the request's URL with GET.
    ///
    /// - precondition: the session is a background one; a default session downloads with a
    ///   completion handler (`downloadTask(with:completionHandler:)`).
    public func downloadTask(with request: URLRequest) -> URLSessionDownloadTask {
        precondition(
            foundation == nil,
            "downloadTask(with:) without a completion handler needs a background session on Backgrounder: a default session's "
                + "delegate is not called; use downloadTask(with:completionHandler:)")
        return URLSessionDownloadTask(session: self, request: request)
    }

    /// A download task of `url` whose end goes to `completionHandler` rather than the delegate
    /// (see `downloadTask(with:completionHandler:)`).
    public func downloadTask(
        with url: URL, completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDownloadTask {
        downloadTask(with: URLRequest(url: url), completionHandler: completionHandler)
    }

    /// A download task of `request` whose end goes to `completionHandler`, suspended until its
    /// `resume()`: on a default or ephemeral session, FoundationNetworking's download in the
    /// app's process, whose handler gets the file (removed once it returns), the response and
    /// the error, on the session's queue. A background session does not support it: as on iOS,
    /// where Foundation raises NSGenericException ("Completion handler blocks are not supported
    /// in background sessions. Use a delegate instead."), the app crashes with that reason (rule
    /// background-session-completion-handlers), and the task returned never runs.
    public func downloadTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDownloadTask {
        guard let foundation else {
            application?.refuseCompletionHandler(
                inBackgroundSession: configuration.identifier ?? "", calledAs: "downloadTask(with:completionHandler:)")
            return URLSessionDownloadTask(session: nil, request: request)
        }
        let task = foundation.downloadTask(with: request) { location, response, error in
            completionHandler(location, response, error)
            // Apple: move the file or open it before the handler returns, "otherwise, the file
            // is deleted". FoundationNetworking on Linux leaves it in the temporary directory.
            if let location { try? FileManager.default.removeItem(at: location) }
        }
        return URLSessionDownloadTask(session: self, request: request, foundationTask: task)
    }

    /// A download task that resumes the download `resumeData` names, suspended until its
    /// `resume()`: the resume data a failed download's error carried under
    /// ``NSURLSessionDownloadTaskResumeData``, or `cancel(byProducingResumeData:)` handed. The
    /// system asks for the rest with `Range` and `If-Range`, and starts over if the server sends
    /// the whole file, as Foundation does. Data that is not resume data fails the task with
    /// `NSURLErrorDomain` -3003 (Backgrounder's format is `DownloadResumeData`'s).
    ///
    /// - precondition: the session is a background one.
    public func downloadTask(withResumeData resumeData: Data) -> URLSessionDownloadTask {
        precondition(foundation == nil, "downloadTask(withResumeData:) needs a background session on Backgrounder")
        let url = (try? DownloadResumeData(data: resumeData)).flatMap { URL(string: $0.url) }
        return URLSessionDownloadTask(session: self, request: url.map { URLRequest(url: $0) }, resumeData: resumeData)
    }

    /// FoundationNetworking's data task of `url` on a session that is not a background one.
    public func dataTask(
        with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        dataTask(with: URLRequest(url: url), completionHandler: completionHandler)
    }

    /// FoundationNetworking's data task of `request` on a session that is not a background one.
    ///
    /// A background session does not support it: the app crashes as iOS's does, as for
    /// `downloadTask(with:completionHandler:)`, and the task returned never runs.
    public func dataTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        guard let foundation else {
            application?.refuseCompletionHandler(
                inBackgroundSession: configuration.identifier ?? "", calledAs: "dataTask(with:completionHandler:)")
            // A task the app may resume to no effect: cancelled, with a handler that does nothing.
            let task = FoundationNetworking.URLSession.shared.dataTask(with: request) { _, _, _ in }
            task.cancel()
            return task
        }
        return foundation.dataTask(with: request, completionHandler: completionHandler)
    }

    /// The tasks of a background session that have not ended, as `getAllTasks` hands them.
    public func getAllTasks(completionHandler: @escaping @Sendable ([URLSessionTask]) -> Void) {
        completionHandler(tasks.values.sorted { $0.taskIdentifier < $1.taskIdentifier })
    }

    /// Hands `task` to the system: its number, or nil when the session could not be made (a
    /// diagnostic said why), the task has nothing to download, or the app has ended.
    func hand(_ task: URLSessionTask) -> Int? {
        let identifier: Int?
        if let resumeData = (task as? URLSessionDownloadTask)?.resumeData {
            identifier = background?.downloadTask(withResumeData: resumeData, earliestBeginDate: task.earliestBeginDate)
        } else if let url = task.originalRequest?.url {
            identifier = background?.downloadTask(with: url, earliestBeginDate: task.earliestBeginDate)
        } else {
            identifier = nil
        }
        guard let identifier else { return nil }
        tasks[identifier] = task
        return identifier
    }

    /// Asks the system to cancel `task`, which it tells through ``receive(_:)``.
    func cancel(_ task: URLSessionTask, producingResumeData: Bool) {
        background?.cancel(task: task.taskIdentifier, producingResumeData: producingResumeData)
    }

    /// The system told that `event`'s task ended; a task kept from an earlier launch is made
    /// now, with its number and URL.
    func receive(_ event: BackgroundTransferEvent) {
        let task =
            tasks.removeValue(forKey: event.task)
            ?? URLSessionDownloadTask(
                session: self, request: background?.url(ofTask: event.task).map { URLRequest(url: $0) }, identifier: event.task)
        switch event {
        case .finished(_, let location):
            task.end(response: task.originalRequest?.url.flatMap(Self.okResponse), error: nil)
            if let downloadTask = task as? URLSessionDownloadTask {
                (delegate as? any URLSessionDownloadDelegate)?
                    .urlSession(self, downloadTask: downloadTask, didFinishDownloadingTo: URL(fileURLWithPath: location))
            }
            (delegate as? any URLSessionTaskDelegate)?.urlSession(self, task: task, didCompleteWithError: nil)
        case .failed(_, let failure):
            let error = failure.urlError
            task.end(response: nil, error: error)
            (delegate as? any URLSessionTaskDelegate)?.urlSession(self, task: task, didCompleteWithError: error)
        }
    }

    /// The system delivered every event it kept for the session.
    func finishEvents() {
        delegate?.urlSessionDidFinishEvents(forBackgroundURLSession: self)
    }

    private static func okResponse(_ url: URL) -> URLResponse? {
        HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
    }
}
