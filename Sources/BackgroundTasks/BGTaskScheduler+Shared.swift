import BackgroundRuntime

extension BGTaskScheduler {
    /// The scheduler of the launch whose code runs now, as `BGTaskScheduler.shared` is the
    /// process's.
    ///
    /// - precondition: the caller is the app's code on a device of iOS 13 or later (before iOS
    ///   13 the framework does not exist).
    public static var shared: BGTaskScheduler {
        let application = Application.current(for: "BGTaskScheduler.shared")
        guard let scheduler = application.taskScheduler else {
            preconditionFailure("BGTaskScheduler is available from iOS 13; this device runs iOS \(application.profile.iOSVersion)")
        }
        return scheduler
    }

    /// Registers the launch handler of the tasks with `identifier`, with BackgroundTasks'
    /// signature. On Backgrounder the handler runs on the app's main executor whatever `queue`
    /// is (the model's: the runtime keeps its tasks there); the task it gets may be completed
    /// from any thread.
    @discardableResult
    public func register(
        forTaskWithIdentifier identifier: String, using queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void
    ) -> Bool {
        register(forTaskWithIdentifier: identifier) { task in
            guard let application = Application.current else { return }
            launchHandler(BGTask.wrapping(task, of: application))
        }
    }

    /// Submits a request, as BackgroundTasks' `submit(_:)` does; it replaces a pending request
    /// with the same identifier.
    public func submit(_ taskRequest: BGTaskRequest) throws {
        if let continued = taskRequest as? BGContinuedProcessingTaskRequest {
            try submit(continued.continuedRequest)
        } else {
            try submit(taskRequest.runtimeRequest)
        }
    }

    /// Hands `completionHandler` the requests still pending.
    public func getPendingTaskRequests(completionHandler: @escaping ([BGTaskRequest]) -> Void) {
        completionHandler(pendingTaskRequests().map(BGTaskRequest.make(scheduled:)))
    }
}
