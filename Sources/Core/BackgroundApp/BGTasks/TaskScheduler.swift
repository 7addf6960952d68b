import BackgroundWire

/// The app's handle on background tasks (`BGTaskScheduler.shared`): register launch handlers
/// at launch, submit requests, and the system launches the app for them when it sees fit (see
/// `FetchScheduler` for when).
///
/// Reach it with ``Application/taskScheduler``, which is nil before iOS 13. Each launch of the
/// app has its own, as each process has its own `shared`.
@AppMain
public final class TaskScheduler {
    private nonisolated weak let application: Application?
    private var launchHandlers: [String: @AppMain (ScheduledTask) -> Void] = [:]
    private var running: [Int: ScheduledTask] = [:]

    nonisolated init(application: Application) {
        self.application = application
    }

    /// Registers the handler of the tasks with `identifier`. It must be registered once,
    /// before the app finishes launching (in `applicationDidFinishLaunching`): otherwise the app
    /// crashes with NSInternalInconsistencyException, as on iOS. An identifier missing from the
    /// Info.plist's `BGTaskSchedulerPermittedIdentifiers` is reported and returns false.
    ///
    /// A wildcard identifier (`com.foo.MyApp.export.*`) registers the handler of continued
    /// processing tasks (iOS 26), which may be registered at any time (BGTaskScheduler.h).
    @discardableResult
    public func register(
        forTaskWithIdentifier identifier: String,
        using launchHandler: @escaping @AppMain (ScheduledTask) -> Void
    ) -> Bool {
        guard let application, let system = application.system else { return false }
        if application.isFinishedLaunching, !InfoPlist.isWildcard(identifier) {
            system.crash(Self.exception("All launch handlers must be registered before application finishes launching"))
            return false
        }
        guard application.infoPlist.permittedTaskIdentifiers.contains(identifier) else {
            system.report(
                .taskRegistration,
                "register(forTaskWithIdentifier: \"\(identifier)\"): \"\(identifier)\" is not in "
                    + "BGTaskSchedulerPermittedIdentifiers of \(application.infoPlist.source)")
            return false
        }
        guard launchHandlers[identifier] == nil else {
            system.crash(Self.exception("Launch handler for task with identifier \(identifier) has already been registered"))
            return false
        }
        launchHandlers[identifier] = launchHandler
        return true
    }

    /// Submits a request; it replaces a pending request with the same identifier. Any thread may
    /// submit, as any may on iOS.
    public nonisolated func submit(_ taskRequest: some TaskRequest) throws(TaskSchedulerError) {
        guard let system = application?.system else { throw .unavailable }
        try system.submitTaskRequest(taskRequest.scheduledRequest)
    }

    /// Submits a continued processing request (iOS 26) from the foreground: its task starts at
    /// once, waits in the queue, or the submission throws. With no launch handler registered
    /// for its wildcard the app crashes with NSInternalInconsistencyException, as on iOS.
    public func submit(_ taskRequest: ContinuedProcessingTaskRequest) throws(TaskSchedulerError) {
        guard let application, let system = application.system else { throw .unavailable }
        guard let pattern = application.infoPlist.wildcard(matching: taskRequest.identifier) else {
            throw .notPermitted(
                identifier: taskRequest.identifier,
                reason: "no wildcard in BGTaskSchedulerPermittedIdentifiers of \(application.infoPlist.source) matches it")
        }
        guard launchHandlers[pattern] != nil else {
            system.crash(Self.exception("No launch handler registered for task with identifier \(taskRequest.identifier)"))
            throw .unavailable
        }
        try system.submitContinuedTask(taskRequest, pattern: pattern)
    }

    /// Cancels the pending request with `identifier`, if there is one.
    public nonisolated func cancel(taskRequestWithIdentifier identifier: String) {
        application?.system?.cancelTaskRequests { $0.identifier == identifier }
    }

    /// Cancels every pending request.
    public nonisolated func cancelAllTaskRequests() {
        application?.system?.cancelTaskRequests { _ in true }
    }

    /// The requests still pending, in the order they were submitted.
    public nonisolated func pendingTaskRequests() -> [ScheduledTaskRequest] {
        application?.system?.pendingTaskRequests ?? []
    }

    // MARK: The system's deliveries

    func launch(run: Int, identifier: String, kind: ScheduledTaskRequest.Kind) {
        guard let system = application?.system else { return }
        guard let handler = launchHandlers[identifier] else {
            system.crash(Self.exception("No launch handler registered for task with identifier \(identifier)"))
            return
        }
        let task: ScheduledTask = switch kind {
        case .appRefresh: AppRefreshTask(identifier: identifier, run: run, scheduler: self)
        case .processing: ProcessingTask(identifier: identifier, run: run, scheduler: self)
        }
        running[run] = task
        handler(task)
    }

    func launchContinuedTask(run: Int, identifier: String, pattern: String, title: String, subtitle: String) {
        guard let handler = launchHandlers[pattern] else { return }
        let task = ContinuedProcessingTask(
            identifier: identifier, run: run, scheduler: self, title: title, subtitle: subtitle)
        running[run] = task
        handler(task)
    }

    func report(_ report: ContinuedTaskReport, for task: ContinuedProcessingTask) {
        guard running[task.run] != nil else { return }
        application?.system?.reportContinuedTask(run: task.run, report)
    }

    func expire(run: Int) {
        guard let task = running[run] else { return }
        guard let handler = task.expirationHandler else {
            application?.logger.info("BGTask \(task.identifier) expired and has no expiration handler")
            return
        }
        handler()
    }

    func complete(_ task: ScheduledTask, success: Bool) {
        running[task.run] = nil
        application?.system?.completeTask(run: task.run, ofLaunch: application?.launchNumber, success: success)
    }

    /// How iOS words an uncaught NSInternalInconsistencyException in the crash log.
    private static func exception(_ reason: String) -> String {
        "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(reason)'"
    }
}
