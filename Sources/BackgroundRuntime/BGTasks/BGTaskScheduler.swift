/// The app's handle on background tasks (`BGTaskScheduler.shared`): register launch handlers
/// at launch, submit requests, and the system launches the app for them when it sees fit (see
/// ``FetchScheduler`` for when).
///
/// Reach it with ``Application/taskScheduler``, which is nil before iOS 13. Each launch of the
/// app has its own, as each process has its own `shared`.
@AppMain
public final class BGTaskScheduler {
    private weak var application: Application?
    private var launchHandlers: [String: @AppMain (BGTask) -> Void] = [:]
    private var running: [Int: BGTask] = [:]

    init(application: Application) {
        self.application = application
    }

    /// Registers the handler of the tasks with `identifier`. It must be registered once,
    /// before the app finishes launching (in `applicationDidFinishLaunching`): otherwise the app
    /// crashes with NSInternalInconsistencyException, as on iOS. An identifier missing from the
    /// Info.plist's `BGTaskSchedulerPermittedIdentifiers` is reported and returns false.
    @discardableResult
    public func register(
        forTaskWithIdentifier identifier: String,
        using launchHandler: @escaping @AppMain (BGTask) -> Void
    ) -> Bool {
        guard let application, let device = application.device else { return false }
        if application.isFinishedLaunching {
            device.crash(Self.exception("All launch handlers must be registered before application finishes launching"))
            return false
        }
        guard application.infoPlist.permittedTaskIdentifiers.contains(identifier) else {
            device.report(
                .taskRegistration,
                "register(forTaskWithIdentifier: \"\(identifier)\"): \"\(identifier)\" is not in "
                    + "BGTaskSchedulerPermittedIdentifiers of \(application.infoPlist.source)")
            return false
        }
        guard launchHandlers[identifier] == nil else {
            device.crash(Self.exception("Launch handler for task with identifier \(identifier) has already been registered"))
            return false
        }
        launchHandlers[identifier] = launchHandler
        return true
    }

    /// Submits a request; it replaces a pending request with the same identifier.
    public func submit(_ taskRequest: some BGTaskRequest) throws(BGTaskSchedulerError) {
        guard let device = application?.device else { throw .unavailable }
        try device.submitTaskRequest(taskRequest.scheduledRequest)
    }

    /// Cancels the pending request with `identifier`, if there is one.
    public func cancel(taskRequestWithIdentifier identifier: String) {
        application?.device?.cancelTaskRequests { $0.identifier == identifier }
    }

    /// Cancels every pending request.
    public func cancelAllTaskRequests() {
        application?.device?.cancelTaskRequests { _ in true }
    }

    /// The requests still pending, in the order they were submitted.
    public func pendingTaskRequests() -> [ScheduledTaskRequest] {
        application?.device?.pendingTaskRequests ?? []
    }

    // MARK: The system's deliveries

    func launch(run: Int, identifier: String, kind: ScheduledTaskRequest.Kind) {
        guard let device = application?.device else { return }
        guard let handler = launchHandlers[identifier] else {
            device.crash(Self.exception("No launch handler registered for task with identifier \(identifier)"))
            return
        }
        let task: BGTask = switch kind {
        case .appRefresh: BGAppRefreshTask(identifier: identifier, run: run, scheduler: self)
        case .processing: BGProcessingTask(identifier: identifier, run: run, scheduler: self)
        }
        running[run] = task
        handler(task)
    }

    func expire(run: Int) {
        guard let task = running[run] else { return }
        guard let handler = task.expirationHandler else {
            application?.logger.info("BGTask \(task.identifier) expired and has no expiration handler")
            return
        }
        handler()
    }

    func complete(_ task: BGTask, success: Bool) {
        running[task.run] = nil
        application?.device?.completeTask(run: task.run, ofLaunch: application?.launchNumber, success: success)
    }

    /// How iOS words an uncaught NSInternalInconsistencyException in the crash log.
    private static func exception(_ reason: String) -> String {
        "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(reason)'"
    }
}
