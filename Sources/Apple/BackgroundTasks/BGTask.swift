import BackgroundRuntime

/// A background task the system launched the app for, as BackgroundTasks hands it to the launch
/// handler: a ``BGAppRefreshTask``, a ``BGProcessingTask`` or a ``BGContinuedProcessingTask``. As on iOS, any thread may use it —
/// Apple's sample completes it from an operation's completion block — and its calls are carried
/// out on the app's main executor, where the runtime keeps the task.
// Guarded by lock (its one var, handler); unchecked as it is not final (each kind of task subclasses it).
public class BGTask: @unchecked Sendable {
    /// The identifier of the request.
    public let identifier: String
    private let task: BackgroundRuntime.ScheduledTask
    /// The launch the task runs in, whose main executor carries out its calls.
    let application: Application
    private let lock = NSLock()
    private var handler: (() -> Void)?

    /// Called when the system needs the task to stop; stop the work and complete the task.
    public var expirationHandler: (() -> Void)? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return handler
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            handler = newValue
        }
    }

    /// Made on the app's main executor, for the runtime's `task`.
    @AppMain
    init(_ task: BackgroundRuntime.ScheduledTask, application: Application) {
        identifier = task.identifier
        self.task = task
        self.application = application
        // The runtime's task holds its wrapper until it is completed (see setTaskCompleted), so
        // that the handler is called even if the launch handler kept no reference.
        task.expirationHandler = { self.expirationHandler?() }
    }

    /// The wrapper of the runtime's `task`, of its kind.
    @AppMain
    static func wrapping(_ task: BackgroundRuntime.ScheduledTask, of application: Application) -> BGTask {
        switch task {
        case let continued as BackgroundRuntime.ContinuedProcessingTask: BGContinuedProcessingTask(continued, application: application)
        case is BackgroundRuntime.ProcessingTask: BGProcessingTask(task, application: application)
        default: BGAppRefreshTask(task, application: application)
        }
    }

    /// Tells the system the task is done; call it exactly once, from any thread.
    public func setTaskCompleted(success: Bool) {
        application.onMain { [task] in
            task.setTaskCompleted(success: success)
            task.expirationHandler = nil
        }
    }
}
