import BackgroundRuntime

/// A background ``URLSession``'s side in the runtime: the launch that made it, the runtime's
/// ``BackgroundRuntime/BackgroundURLSession``, and the tasks handed to the system until they
/// end. The session may be called from any thread; what it asks of the system is carried out
/// here, on the app's main executor (``MainExecutorBound``), where the runtime's session lives
/// and its events arrive.
final class BackgroundSessionLink: MainExecutorBound {
    /// The launch that made the session.
    package let application: Application
    /// The runtime's session; nil until made, or when the launch may not make it (a diagnostic
    /// said why).
    @AppMain private var session: BackgroundURLSession?
    /// The tasks handed to the system or heard of, by number, until they end.
    @AppMain private var tasks: [Int: URLSessionTask] = [:]

    init(application: Application) {
        self.application = application
    }

    /// Makes the runtime's session `configuration`, whose events reach `owner`.
    @AppMain func open(_ configuration: BackgroundSessionConfiguration, for owner: URLSession) {
        session = application.backgroundSession(configuration: configuration, delegate: URLSessionEvents(session: owner))
    }

    /// Hands `task` to the system: its number, or nil when there is no session, the task has
    /// nothing to download, or the app has ended.
    @AppMain func hand(_ task: URLSessionTask) -> Int? {
        let identifier: Int?
        let expected = task.expectedBytes
        if let resumeData = (task as? URLSessionDownloadTask)?.resumeData {
            identifier = session?.downloadTask(withResumeData: resumeData, earliestBeginDate: task.earliestBeginDate, expectedBytes: expected)
        } else if let url = task.originalRequest?.url {
            identifier = session?.downloadTask(with: url, earliestBeginDate: task.earliestBeginDate, expectedBytes: expected)
        } else {
            identifier = nil
        }
        guard let identifier else { return nil }
        tasks[identifier] = task
        return identifier
    }

    /// Asks the system to cancel `task` if it keeps a cancel to send and the system has taken it.
    @AppMain func sendCancel(of task: URLSessionTask) {
        guard let producingResumeData = task.takeCancelRequest() else { return }
        session?.cancel(task: task.taskIdentifier, producingResumeData: producingResumeData)
    }

    /// The task whose end the system told, no longer kept: the one handed, or, for a task kept
    /// from an earlier launch, one made now with its number and URL.
    @AppMain func endedTask(_ identifier: Int, of owner: URLSession) -> URLSessionTask {
        tasks.removeValue(forKey: identifier)
            ?? URLSessionDownloadTask(
                session: owner, request: session?.url(ofTask: identifier).map { URLRequest(url: $0) }, identifier: identifier)
    }

    /// The tasks that have not ended, by number.
    @AppMain var openTasks: [URLSessionTask] {
        tasks.values.sorted { $0.taskIdentifier < $1.taskIdentifier }
    }
}
