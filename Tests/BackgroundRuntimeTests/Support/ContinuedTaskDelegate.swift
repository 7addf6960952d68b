import BackgroundRuntime

/// An app delegate whose Export button starts continued processing tasks (iOS 26) under the
/// wildcard ``pattern``; it keeps the running tasks so a test can report their progress.
@AppMain
final class ContinuedTaskDelegate: ApplicationDelegate {
    nonisolated static let pattern = "com.raywenderlich.TheBackgrounder.export.*"

    let log: AppLog
    /// Whether the expiration handler calls setTaskCompleted.
    var completesOnExpiration = true
    private(set) var running: [String: ContinuedProcessingTask] = [:]

    init(log: AppLog) {
        self.log = log
    }

    /// Registers the wildcard's launch handler (after launch, as continued tasks may).
    func register(_ application: Application) {
        application.taskScheduler?.register(forTaskWithIdentifier: Self.pattern) { [weak self] task in
            guard let self, let task = task as? ContinuedProcessingTask else { return }
            self.running[task.identifier] = task
            self.log.append("launched \(task.identifier) (\(application.applicationState.rawValue))")
            task.expirationHandler = { [weak self] in
                guard let self else { return }
                self.log.append("expired \(task.identifier)")
                if self.completesOnExpiration { self.complete(task.identifier, success: false) }
            }
        }
    }

    /// The Export button: submits a request for `export.<name>`; returns the error, if any.
    func export(
        _ name: String, strategy: ContinuedProcessingTaskRequest.SubmissionStrategy = .queue, in application: Application
    ) -> TaskSchedulerError? {
        var request = ContinuedProcessingTaskRequest(
            identifier: "com.raywenderlich.TheBackgrounder.export.\(name)", title: "Export \(name)", subtitle: "Starting")
        request.strategy = strategy
        do {
            try application.taskScheduler?.submit(request)
            return nil
        } catch {
            return error
        }
    }

    func progress(_ name: String, completed: Int64, of total: Int64) {
        guard let task = running["com.raywenderlich.TheBackgrounder.export.\(name)"] else { return }
        task.progress.totalUnitCount = total
        task.progress.completedUnitCount = completed
    }

    func complete(_ identifier: String, success: Bool) {
        running.removeValue(forKey: identifier)?.setTaskCompleted(success: success)
    }
}

/// A manual device on iOS 26 (by default) whose app is a ``ContinuedTaskDelegate`` with its
/// wildcard registered, launched and on screen.
func makeContinuedTaskDevice(iOS version: Int = 26, log: AppLog) -> TestDevice {
    let device = TestDevice(
        profile: PolicyProfile(iOS: version)!,
        infoPlist: InfoPlist(permittedTaskIdentifiers: [ContinuedTaskDelegate.pattern])
    ) { _ in ContinuedTaskDelegate(log: log) }
    device.launch()
    device.perform { application in (application.delegate as? ContinuedTaskDelegate)?.register(application) }
    return device
}

extension TestDevice {
    /// Runs `body` with the app's ``ContinuedTaskDelegate``.
    @discardableResult
    func withExporter<T: Sendable>(_ body: @escaping @AppMain @Sendable (ContinuedTaskDelegate, Application) -> T) -> T? {
        perform { application in
            guard let delegate = application.delegate as? ContinuedTaskDelegate else { return nil }
            return body(delegate, application)
        } ?? nil
    }
}
