import BackgroundRuntime

/// The self-contained background task of "Easy background Tasks in iOS 4": an object with a
/// queue of work gets background time without its app delegate knowing.
///
/// The worker observes didEnterBackground and, if its queue has work, begins one background
/// task then. It ends the task when the queue empties (the owner calls ``queueDidChange()``
/// after finishing an item), when the task expires, or when the app returns to the foreground
/// (the moment the tutorial names for tasks begun only on entering the background). It holds
/// at most one task, ends each exactly once, and never ends one it does not hold, however the
/// trips to the background and back interleave with the work.
///
/// The worker keeps its queue weakly; the owner keeps the worker. When the worker goes away
/// it stops observing and ends a task it still holds.
@AppMain
public final class BackgroundWorker {
    /// The name of the background tasks it begins, as `status` and diagnostics show them.
    public let name: String
    public let application: Application
    /// The background task held, or `.invalid`.
    public private(set) var backgroundTask = BackgroundTaskIdentifier.invalid

    private weak var queue: (any BackgroundWorkQueue)?
    private var observers: [LifecycleObserverToken] = []
    /// Counts the tasks begun, so that an expiration handler ends only its own task.
    private var taskNumber = 0

    /// Opts `queue` in: from now on, each trip to the background with work pending begins a
    /// background task named `name`.
    public init(application: Application, name: String, queue: some BackgroundWorkQueue) {
        self.application = application
        self.name = name
        self.queue = queue
        observers = [
            application.addObserver(for: .didEnterBackground) { [weak self] in self?.didEnterBackground() },
            application.addObserver(for: .willEnterForeground) { [weak self] in self?.endBackgroundTask() },
        ]
    }

    isolated deinit {
        for observer in observers { application.removeObserver(observer) }
        endBackgroundTask()
    }

    /// Tells the worker that its queue changed: once it is empty, the task ends and the app may
    /// be suspended. Call it after finishing each item.
    public func queueDidChange() {
        if queue?.hasPendingWork != true { endBackgroundTask() }
    }

    private func didEnterBackground() {
        guard backgroundTask == .invalid, queue?.hasPendingWork == true else { return }
        taskNumber += 1
        let number = taskNumber
        backgroundTask = application.beginBackgroundTask(withName: name) { [weak self] in
            guard let self, self.taskNumber == number else { return }
            self.endBackgroundTask()
        }
    }

    private func endBackgroundTask() {
        guard backgroundTask != .invalid else { return }
        application.endBackgroundTask(backgroundTask)
        backgroundTask = .invalid
    }
}
