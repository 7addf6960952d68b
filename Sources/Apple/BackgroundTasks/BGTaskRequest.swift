import BackgroundRuntime

/// A request to launch the app in the background for a task, as BackgroundTasks' class: a `let`
/// can be configured before it is submitted. ``BGAppRefreshTaskRequest`` or
/// ``BGProcessingTaskRequest``.
open class BGTaskRequest {
    /// One of the Info.plist's `BGTaskSchedulerPermittedIdentifiers`.
    public let identifier: String
    /// The task does not start before this date; nil means as soon as the system likes.
    open var earliestBeginDate: Date?

    init(identifier: String) {
        self.identifier = identifier
    }

    /// The request of a pending one the system keeps.
    static func make(scheduled: ScheduledTaskRequest) -> BGTaskRequest {
        switch scheduled.kind {
        case .appRefresh:
            let request = BGAppRefreshTaskRequest(identifier: scheduled.identifier)
            request.earliestBeginDate = scheduled.earliestBeginDate
            return request
        case .processing:
            let request = BGProcessingTaskRequest(identifier: scheduled.identifier)
            request.earliestBeginDate = scheduled.earliestBeginDate
            request.requiresNetworkConnectivity = scheduled.requiresNetworkConnectivity
            request.requiresExternalPower = scheduled.requiresExternalPower
            return request
        }
    }

    /// The runtime's request of the same kind and settings.
    var runtimeRequest: any BackgroundRuntime.TaskRequest {
        var request = BackgroundRuntime.AppRefreshTaskRequest(identifier: identifier)
        request.earliestBeginDate = earliestBeginDate
        return request
    }
}
