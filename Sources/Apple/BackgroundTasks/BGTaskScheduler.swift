import BackgroundRuntime

/// The app's handle on background tasks (`BGTaskScheduler`), as thread-safe as Apple's: any
/// thread may register, submit, cancel and read the pending requests. It stands for the
/// runtime's scheduler of the launch (``BackgroundRuntime/TaskScheduler``), which decides.
public final class BGTaskScheduler: NSObject, Sendable {
    /// The launch whose scheduler this is.
    let launch: Application

    private init(launch: Application) {
        self.launch = launch
    }

    /// The scheduler of the launch whose code runs now, as `BGTaskScheduler.shared` is the
    /// process's.
    ///
    /// Before iOS 13, where the framework does not exist, the use is reported
    /// (`[unavailable-api]`) and the scheduler refuses everything: `register` answers false,
    /// `submit` throws `.unavailable`, and no request is pending.
    ///
    /// - precondition: the caller is the app's code.
    public class var shared: BGTaskScheduler {
        let launch = Application.current(for: "BGTaskScheduler.shared")
        if !launch.profile.hasBackgroundTaskScheduler {
            launch.report(
                .unavailableAPI,
                "BGTaskScheduler.shared does not exist in \(launch.profile.name); \(launch.profile.absence(of: .backgroundTaskScheduler)), "
                    + "so its calls do nothing here")
        }
        return launch.launchObject(BGTaskScheduler.self) { BGTaskScheduler(launch: launch) }
    }

    /// Registers the launch handler of the tasks with `identifier`. Register every handler before
    /// the app finishes launching, or the app crashes as on iOS; an identifier missing from the
    /// Info.plist's `BGTaskSchedulerPermittedIdentifiers` is reported and returns false.
    ///
    /// The handler runs on `queue`; with nil, on the app's main thread (Backgrounder's model:
    /// iOS uses a background queue of its own, which a test device could not run in step with
    /// its clock). A call from another thread than the app's main thread is carried out there,
    /// after the jobs already queued, and answers true.
    @discardableResult
    public func register(
        forTaskWithIdentifier identifier: String, using queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void
    ) -> Bool {
        // Apple's handler is not `@Sendable` either: the app hands it to the system, which calls
        // it once per task on the queue the app named.
        nonisolated(unsafe) let launchHandler = launchHandler
        let launch = launch
        let register: @AppMain @Sendable () -> Bool = {
            guard let scheduler = launch.taskScheduler else { return false }
            return scheduler.register(forTaskWithIdentifier: identifier) { task in
                let wrapped = BGTask.wrapping(task, of: launch)
                if let queue { queue.async { launchHandler(wrapped) } } else { launchHandler(wrapped) }
            }
        }
        guard launch.isOnMainExecutor else {
            launch.onMain { _ = register() }
            return true
        }
        return AppMain.assumeIsolated { register() }
    }

    /// Submits a request; it replaces a pending request with the same identifier. It throws
    /// `BGTaskScheduler.Error` with `.notPermitted`, `.tooManyPendingTaskRequests` or
    /// `.unavailable`, as iOS does.
    public func submit(_ taskRequest: BGTaskRequest) throws {
        guard let scheduler = launch.taskScheduler else { throw TaskSchedulerError.unavailable }
        if let continued = taskRequest as? BGContinuedProcessingTaskRequest {
            guard launch.isOnMainExecutor else { throw TaskSchedulerError.unavailable }
            let request = continued.continuedRequest
            let refusal = AppMain.assumeIsolated { () -> TaskSchedulerError? in
                do throws(TaskSchedulerError) {
                    try scheduler.submit(request)
                    return nil
                } catch {
                    return error
                }
            }
            if let refusal { throw refusal }
        } else {
            try scheduler.submit(taskRequest.runtimeRequest)
        }
    }

    /// Cancels the pending request with `identifier`, if there is one.
    public func cancel(taskRequestWithIdentifier identifier: String) {
        launch.taskScheduler?.cancel(taskRequestWithIdentifier: identifier)
    }

    /// Cancels every pending request.
    public func cancelAllTaskRequests() {
        launch.taskScheduler?.cancelAllTaskRequests()
    }

    /// Hands `completionHandler` the requests still pending.
    public func getPendingTaskRequests(completionHandler: @escaping ([BGTaskRequest]) -> Void) {
        completionHandler(pendingRequests())
    }

    /// The requests still pending.
    public func pendingTaskRequests() async -> [BGTaskRequest] {
        pendingRequests()
    }

    private func pendingRequests() -> [BGTaskRequest] {
        (launch.taskScheduler?.pendingTaskRequests() ?? []).map(BGTaskRequest.make(scheduled:))
    }
}
