import BackgroundRuntime

/// Foundation's `URLSession`. Made with a background configuration, it is a background session
/// of Backgrounder's runtime (``Application/backgroundSession(configuration:delegate:)``): its
/// download tasks are the system's transfers, which go on while the app is suspended or not
/// running. Made with another configuration, it is FoundationNetworking's session, for the data
/// and download tasks with a completion handler.
///
/// As Apple's (`class URLSession`, not isolated to an actor; "NSURLSession instances are
/// thread-safe", NSURLSession.h), any code may make one and call it, a nonisolated class of the
/// Swift 6 language mode included. What a background session asks of the system is carried out
/// on the app's main executor, where the runtime's session lives: at once from the app's main
/// thread, after the jobs already queued from another thread. Its delegate is called on the
/// ``delegateQueue``, as Apple's `delegateQueue` says ("All delegate method calls and completion
/// handlers related to the session are performed on this queue"). For nil, where iOS makes a
/// serial queue of its own, and for the main queue, it is the app's main executor, which stops
/// while the app is suspended (Backgrounder's model).
///
/// Code that imports UIKit (or another Apple-spelled module here) gets this class for the name `URLSession` (a module's own
/// declaration shadows one of a module it imports), so background code is written as on iOS.
// Unchecked: every stored property is a let; the delegate (Apple's protocol is not Sendable) and the link carry their calls to the delegate queue and the app's main executor.
public final class URLSession: @unchecked Sendable {
    // Unchecked: every stored property is a constant; the runtime's state is the link's, on the
    // app's main executor.

    /// The configuration it was made with.
    public let configuration: URLSessionConfiguration
    /// The delegate, kept strongly, as Foundation keeps it until the session is invalidated.
    public let delegate: (any URLSessionDelegate)?
    /// The queue the delegate is called on; nil or the main queue: the app's main executor.
    public let delegateQueue: OperationQueue?
    /// FoundationNetworking's session, for a configuration that is not a background one.
    private let foundation: FoundationNetworking.URLSession?
    /// The runtime's side of a background session.
    private let link: BackgroundSessionLink?

    /// FoundationNetworking's shared session.
    public static var shared: FoundationNetworking.URLSession { FoundationNetworking.URLSession.shared }

    /// A session with `configuration` and `delegate`. A background configuration makes the
    /// runtime's background session of the running launch: make one per identifier and keep
    /// it, and make it again after a relaunch to hear the events the system kept.
    ///
    /// - precondition: a background session is made by the app's code, on its device: on any
    ///   thread of the app's own process; in a test process, off the main thread only while the
    ///   device holds the main actor (`TestDevice.holdMainActor()`).
    public init(configuration: URLSessionConfiguration, delegate: (any URLSessionDelegate)? = nil, delegateQueue: OperationQueue? = nil) {
        self.configuration = configuration
        self.delegate = delegate
        self.delegateQueue = delegateQueue
        guard let background = configuration.background else {
            foundation = FoundationNetworking.URLSession(configuration: configuration.foundation)
            link = nil
            return
        }
        foundation = nil
        let link = BackgroundSessionLink(
            application: Application.current(for: "URLSession(configuration: .background(withIdentifier: \"\(background.identifier)\"))"))
        self.link = link
        link.onMain { $0.open(background, for: self) }
    }

    /// A download task of `url`, suspended until its `resume()`.
    public func downloadTask(with url: URL) -> URLSessionDownloadTask {
        downloadTask(with: URLRequest(url: url))
    }

    /// A download task of `request`, suspended until its `resume()`. On Backgrounder the system
    /// downloads the request's URL with GET.
    ///
    /// On a default or ephemeral session, whose delegate Backgrounder does not call, the use is
    /// reported (`[unavailable-api]`) and the task returned never runs: such a session downloads
    /// with a completion handler (`downloadTask(with:completionHandler:)`).
    public func downloadTask(with request: URLRequest) -> URLSessionDownloadTask {
        guard foundation == nil else {
            Application.current?.report(
                .unavailableAPI,
                "downloadTask(with:) without a completion handler needs a background session on Backgrounder: a default "
                    + "session's delegate is not called, so the task never runs; use downloadTask(with:completionHandler:)")
            return URLSessionDownloadTask(session: nil, request: request)
        }
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
            refuseCompletionHandler(calledAs: "downloadTask(with:completionHandler:)")
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
    /// On a default or ephemeral session the use is reported (`[unavailable-api]`) and the task
    /// returned never runs: Backgrounder resumes downloads in background sessions only.
    public func downloadTask(withResumeData resumeData: Data) -> URLSessionDownloadTask {
        let url = (try? DownloadResumeData(data: resumeData)).flatMap { URL(string: $0.url) }
        guard foundation == nil else {
            Application.current?.report(
                .unavailableAPI,
                "downloadTask(withResumeData:) needs a background session on Backgrounder, so the task never runs")
            return URLSessionDownloadTask(session: nil, request: url.map { URLRequest(url: $0) })
        }
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
            refuseCompletionHandler(calledAs: "dataTask(with:completionHandler:)")
            // A task the app may resume to no effect: cancelled, with a handler that does nothing.
            let task = FoundationNetworking.URLSession.shared.dataTask(with: request) { _, _, _ in }
            task.cancel()
            return task
        }
        return foundation.dataTask(with: request, completionHandler: completionHandler)
    }

    /// The tasks of a background session that have not ended, handed to `completionHandler` on
    /// the delegate queue, as Apple's `getAllTasks` does (at once from the app's main thread when
    /// that is the queue); none for another session.
    public func getAllTasks(completionHandler: @escaping @Sendable ([URLSessionTask]) -> Void) {
        guard let link else { return completionHandler([]) }
        link.onMain { link in
            let tasks = link.openTasks
            self.onDelegateQueue { completionHandler(tasks) }
        }
    }

    /// Crashes the app as iOS does for a completion handler on a background session, on the
    /// app's main executor.
    private func refuseCompletionHandler(calledAs api: String) {
        let identifier = configuration.identifier ?? ""
        link?.onMain { $0.application.refuseCompletionHandler(inBackgroundSession: identifier, calledAs: api) }
    }

    /// Hands `task` to the system; once it has, the task has the system's number, and a cancel
    /// asked for meanwhile (from another thread) follows it. A task the system cannot take (a
    /// diagnostic said why, or the app has ended) is suspended again.
    func hand(_ task: URLSessionTask) {
        link?.onMain { link in
            guard let identifier = link.hand(task) else {
                task.suspendAgain()
                // A cancel asked for meanwhile has nothing to resume from.
                return self.handResumeData(nil, ofCancelled: task)
            }
            task.taskIdentifier = identifier
            link.sendCancel(of: task)
        }
    }

    /// Sends the system the cancel `task` keeps, which it tells through ``receive(_:)``: now, or
    /// once the system has taken the task.
    func sendCancel(of task: URLSessionTask) {
        link?.onMain { $0.sendCancel(of: task) }
    }

    /// The system told that `event`'s task ended: the task ends now, and the delegate hears of
    /// it on its queue.
    @AppMain func receive(_ event: BackgroundTransferEvent) {
        guard let link else { return }
        let task = link.endedTask(event.task, of: self)
        // The handler of `cancel(byProducingResumeData:)` first, on the delegate queue too.
        if case .failed(_, let failure) = event {
            handResumeData(failure.urlError.downloadTaskResumeData, ofCancelled: task)
        } else {
            handResumeData(nil, ofCancelled: task)
        }
        switch event {
        case .finished(_, let location):
            task.end(response: task.originalRequest?.url.flatMap(Self.okResponse), error: nil)
            let file = URL(fileURLWithPath: location)
            callDelegate { session, delegate in
                if let downloadTask = task as? URLSessionDownloadTask {
                    (delegate as? any URLSessionDownloadDelegate)?
                        .urlSession(session, downloadTask: downloadTask, didFinishDownloadingTo: file)
                }
                (delegate as? any URLSessionTaskDelegate)?.urlSession(session, task: task, didCompleteWithError: nil)
            }
        case .failed(_, let failure):
            let error = failure.urlError
            task.end(response: nil, error: error)
            callDelegate { session, delegate in
                (delegate as? any URLSessionTaskDelegate)?.urlSession(session, task: task, didCompleteWithError: error)
            }
        }
    }

    /// Hands `data` to the handler of `task`'s `cancel(byProducingResumeData:)`, if one waits,
    /// on the delegate queue.
    @AppMain private func handResumeData(_ data: Data?, ofCancelled task: URLSessionTask) {
        guard let handler = (task as? URLSessionDownloadTask)?.takeResumeDataHandler() else { return }
        onDelegateQueue { handler(data) }
    }

    /// The system delivered every event it kept for the session.
    @AppMain func finishEvents() {
        callDelegate { $1.urlSessionDidFinishEvents(forBackgroundURLSession: $0) }
    }

    /// Calls the delegate, if any, on the delegate queue.
    @AppMain private func callDelegate(_ call: @escaping (URLSession, any URLSessionDelegate) -> Void) {
        guard let delegate else { return }
        onDelegateQueue { call(self, delegate) }
    }

    /// Runs `body` on the delegate queue: at once on the app's main executor for nil or the main
    /// queue, else as an operation of the queue, after the ones before it.
    @AppMain private func onDelegateQueue(_ body: @escaping () -> Void) {
        guard let queue = delegateQueue, !OperationQueue.meansAppMain(queue) else { return body() }
        // Unchecked: Foundation hands the session, its delegate and its tasks to the queue the
        // app named, as here; the app answers for what its delegate touches there.
        nonisolated(unsafe) let body = body
        queue.addOperation { body() }
    }

    private static func okResponse(_ url: URL) -> URLResponse? {
        HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
    }
}
