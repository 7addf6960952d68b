import BackgroundRuntime
import Synchronization

/// Foundation's `URLSessionTask`, of a background session: made by the session, handed to the
/// system's transfer service by ``resume()``, and told of its end through the session's
/// delegate.
///
/// As Apple's (`class URLSessionTask`, not isolated to an actor), any thread may resume, cancel
/// and read it: its state is kept under a lock, and what it asks of the system is carried out on
/// the app's main executor (see ``URLSession``).
// Guarded by kept (a Mutex); unchecked as it is not final (URLSessionDownloadTask subclasses it).
public class URLSessionTask: @unchecked Sendable {
    // Unchecked: what changes is kept in `kept`, under its lock.

    /// The states of a task.
    public enum State: Int, Sendable {
        case running, suspended, canceling, completed
    }

    /// What changes in a task's life.
    struct Kept {
        var taskIdentifier: Int
        var state = State.suspended
        var response: URLResponse?
        var error: (any Error)?
        var earliestBeginDate: Date?
        var countOfBytesClientExpectsToSend: Int64 = -1
        var countOfBytesClientExpectsToReceive: Int64 = -1
        var taskDescription: String?
        /// A cancel asked for and not yet sent to the system: whether it produces resume data.
        var cancelRequest: Bool?
    }

    /// The task's number within its session: the system's, once it has taken the task after
    /// ``resume()`` (0 before; resumed from another thread, once the app's main thread has
    /// carried the resume out). A task the system kept from an earlier launch comes with its number.
    public internal(set) var taskIdentifier: Int {
        get { kept.withLock { $0.taskIdentifier } }
        set { kept.withLock { $0.taskIdentifier = newValue } }
    }
    /// The request it was made with; for a task the system kept from an earlier launch, a GET of
    /// its URL.
    public let originalRequest: URLRequest?
    /// The request as it runs: the original one.
    public var currentRequest: URLRequest? { originalRequest }
    /// Where the task is: suspended until ``resume()``, then running (canceling once cancelled),
    /// then completed.
    public internal(set) var state: State {
        get { kept.withLock { $0.state } }
        set { kept.withLock { $0.state = newValue } }
    }
    /// The server's response once the task finished: on Backgrounder a transfer finishes only
    /// when its server answered 200 or 206, which this tells as 200 (iOS finishes with the
    /// body of any status and gives its own).
    public var response: URLResponse? { kept.withLock { $0.response } }
    /// Why the task failed, once it has.
    public var error: (any Error)? { kept.withLock { $0.error } }
    /// When the task may start at the earliest (iOS 11), set before ``resume()``: the system
    /// does not start it sooner, on the device's clock (Apple: the load "should not begin any
    /// earlier than this date"), and then waits for its session's conditions as usual.
    public var earliestBeginDate: Date? {
        get { kept.withLock { $0.earliestBeginDate } }
        set { kept.withLock { $0.earliestBeginDate = newValue } }
    }
    /// How many bytes the task expects to send (iOS 11), for the system's scheduling: with
    /// ``countOfBytesClientExpectsToReceive``, a discretionary transfer that says it is small
    /// waits only for the network. -1 (`NSURLSessionTransferSizeUnknown`) says nothing.
    public var countOfBytesClientExpectsToSend: Int64 {
        get { kept.withLock { $0.countOfBytesClientExpectsToSend } }
        set { kept.withLock { $0.countOfBytesClientExpectsToSend = newValue } }
    }
    /// How many bytes the task expects to receive (iOS 11), for the system's scheduling (see
    /// ``countOfBytesClientExpectsToSend``).
    public var countOfBytesClientExpectsToReceive: Int64 {
        get { kept.withLock { $0.countOfBytesClientExpectsToReceive } }
        set { kept.withLock { $0.countOfBytesClientExpectsToReceive = newValue } }
    }
    /// What the task says it sends and receives at most, from its two hints; nil when both say
    /// nothing.
    var expectedBytes: Int64? {
        kept.withLock { kept in
            let hints = [kept.countOfBytesClientExpectsToSend, kept.countOfBytesClientExpectsToReceive].filter { $0 >= 0 }
            return hints.isEmpty ? nil : hints.reduce(0, +)
        }
    }
    /// A description the app gives the task.
    public var taskDescription: String? {
        get { kept.withLock { $0.taskDescription } }
        set { kept.withLock { $0.taskDescription = newValue } }
    }
    weak let session: URLSession?
    /// FoundationNetworking's task, for a task of a default or ephemeral session: it runs in the
    /// app's process and ends in its completion handler.
    let foundationTask: FoundationNetworking.URLSessionTask?
    let kept: Mutex<Kept>

    init(
        session: URLSession?, request: URLRequest?, identifier: Int = 0, foundationTask: FoundationNetworking.URLSessionTask? = nil
    ) {
        self.session = session
        originalRequest = request
        kept = Mutex(Kept(taskIdentifier: identifier))
        self.foundationTask = foundationTask
    }

    /// Starts the task: hands it to the system, which runs it now or when its conditions hold
    /// (a task of a default session runs at once in the app's process). Resuming a running or
    /// ended task does nothing.
    public func resume() {
        guard foundationTask != nil || session != nil else { return }
        let resumed = kept.withLock { kept in
            guard kept.state == .suspended else { return false }
            kept.state = .running
            return true
        }
        guard resumed else { return }
        if let foundationTask {
            foundationTask.resume()
            taskIdentifier = foundationTask.taskIdentifier
        } else {
            session?.hand(self)
        }
    }

    /// Cancels the task: the system stops it, and the delegate hears `didCompleteWithError`
    /// with -999 (`NSURLErrorCancelled`). Cancelling a task not resumed yet only completes it.
    public func cancel() {
        guard beginCancelling(producingResumeData: false) else { return }
        if let foundationTask { return foundationTask.cancel() }
        session?.sendCancel(of: self)
    }

    /// Moves a running task to `canceling`, keeping the cancel for the system: true if it was
    /// running; a suspended one completes.
    func beginCancelling(producingResumeData: Bool) -> Bool {
        kept.withLock { kept in
            switch kept.state {
            case .running:
                kept.state = .canceling
                kept.cancelRequest = producingResumeData
                return true
            case .suspended:
                kept.state = .completed
                return false
            case .canceling, .completed:
                return false
            }
        }
    }

    /// The system did not take the task: it is suspended again, as before ``resume()``, or
    /// completed if it was cancelled meanwhile.
    func suspendAgain() {
        kept.withLock { $0.state = $0.state == .canceling ? .completed : .suspended }
    }

    /// The cancel to send to the system, once: nil if none was asked for, it was sent, or the
    /// system has not taken the task yet (the system's number is still 0; taking it sends it).
    func takeCancelRequest() -> Bool? {
        kept.withLock { kept in
            guard kept.taskIdentifier != 0 else { return nil }
            defer { kept.cancelRequest = nil }
            return kept.cancelRequest
        }
    }

    /// The system told the task's end.
    func end(response: URLResponse?, error: (any Error)?) {
        kept.withLock { kept in
            kept.response = response
            kept.error = error
            kept.state = .completed
        }
    }
}
