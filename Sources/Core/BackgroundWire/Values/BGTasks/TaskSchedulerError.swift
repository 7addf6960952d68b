/// Why `BGTaskScheduler.submit(_:)` refused a request (`BGTaskScheduler.Error.Code`).
public enum TaskSchedulerError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The user turned Background App Refresh off.
    case unavailable
    /// As many requests of this kind as allowed are pending already.
    case tooManyPendingTaskRequests(ScheduledTaskRequest.Kind)
    /// The identifier is not permitted by the Info.plist, or the kind's background mode is not
    /// declared.
    case notPermitted(identifier: String, reason: String)
    /// A continued processing request with the `.fail` strategy could not run at once (iOS 26).
    case immediateRunIneligible(identifier: String)

    public var description: String {
        switch self {
        case .unavailable:
            "unavailable: Background App Refresh is off"
        case .tooManyPendingTaskRequests(let kind):
            "tooManyPendingTaskRequests: \(kind.pendingLimit) \(kind.displayName) request"
                + (kind.pendingLimit == 1 ? " is" : "s are") + " pending already"
        case .notPermitted(let identifier, let reason):
            "notPermitted: \(identifier): \(reason)"
        case .immediateRunIneligible(let identifier):
            "immediateRunIneligible: \(identifier) cannot run now (too many continued tasks run, or the device is "
                + "under load) and its strategy is .fail"
        }
    }
}
