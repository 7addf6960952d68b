import BackgroundRuntime

/// Foundation's `URLSessionTask`, of a background session: made by the session, handed to the
/// system's transfer service by ``resume()``, and told of its end through the session's
/// delegate.
@preconcurrency @AppMain
public class URLSessionTask {
    /// The states of a task.
    public enum State: Int, Sendable {
        case running, suspended, canceling, completed
    }

    /// The task's number within its session: the system's, from ``resume()`` on (0 before). A
    /// task the system kept from an earlier launch comes with its number.
    public internal(set) var taskIdentifier: Int
    /// The request it was made with; for a task the system kept from an earlier launch, a GET of
    /// its URL.
    public let originalRequest: URLRequest?
    /// The request as it runs: the original one.
    public var currentRequest: URLRequest? { originalRequest }
    /// Where the task is: suspended until ``resume()``, then running (canceling once cancelled),
    /// then completed.
    public internal(set) var state = State.suspended
    /// The server's response once the task finished: on Backgrounder a transfer finishes only
    /// when its server answered 200 or 206, which this tells as 200 (iOS finishes with the
    /// body of any status and gives its own).
    public internal(set) var response: URLResponse?
    /// Why the task failed, once it has.
    public internal(set) var error: (any Error)?
    /// When the task may start at the earliest (iOS 11), set before ``resume()``: the system
    /// does not start it sooner, on the device's clock (Apple: the load "should not begin any
    /// earlier than this date"), and then waits for its session's conditions as usual.
    public var earliestBeginDate: Date?
    /// How many bytes the task expects to send (iOS 11), for the system's scheduling. Stored only.
    public var countOfBytesClientExpectsToSend: Int64 = -1
    /// How many bytes the task expects to receive (iOS 11), for the system's scheduling. Stored only.
    public var countOfBytesClientExpectsToReceive: Int64 = -1
    /// A description the app gives the task.
    public var taskDescription: String?
    weak var session: URLSession?
    /// FoundationNetworking's task, for a task of a default or ephemeral session: it runs in the
    /// app's process and ends in its completion handler.
    private let foundationTask: FoundationNetworking.URLSessionTask?

    init(
        session: URLSession?, request: URLRequest?, identifier: Int = 0, foundationTask: FoundationNetworking.URLSessionTask? = nil
    ) {
        self.session = session
        originalRequest = request
        taskIdentifier = identifier
        self.foundationTask = foundationTask
    }

    /// Starts the task: hands it to the system, which runs it now or when its conditions hold
    /// (a task of a default session runs at once in the app's process). Resuming a running or
    /// ended task does nothing.
    public func resume() {
        if let foundationTask {
            guard state == .suspended else { return }
            foundationTask.resume()
            taskIdentifier = foundationTask.taskIdentifier
            state = .running
            return
        }
        guard state == .suspended, let session, let identifier = session.hand(self) else { return }
        taskIdentifier = identifier
        state = .running
    }

    /// Cancels the task: the system stops it, and the delegate hears `didCompleteWithError`
    /// with -999 (`NSURLErrorCancelled`). Cancelling a task not resumed yet only completes it.
    public func cancel() {
        guard state == .running else {
            if state == .suspended { state = .completed }
            return
        }
        state = .canceling
        if let foundationTask { return foundationTask.cancel() }
        session?.cancel(self, producingResumeData: false)
    }

    /// The system told the task's end.
    func end(response: URLResponse?, error: (any Error)?) {
        self.response = response
        self.error = error
        state = .completed
    }
}
