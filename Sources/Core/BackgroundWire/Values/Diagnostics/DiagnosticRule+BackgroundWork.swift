/// The rules of background fetch and `BGTaskScheduler`.
extension DiagnosticRule {
    /// A fetch's completion handler, or a task's `setTaskCompleted`, was not called within the
    /// time the system gives: the app is terminated.
    public static let completionTimeout = DiagnosticRule(rawValue: "completion-timeout")
    /// A fetch's completion handler, or a task's `setTaskCompleted`, was called twice.
    public static let doubleCompletion = DiagnosticRule(rawValue: "double-completion")
    /// The system fetched an app whose delegate does not implement performFetch.
    public static let missingFetchHandler = DiagnosticRule(rawValue: "missing-fetch-handler")
    /// An API was used in an iOS era that does not have it.
    public static let unavailableAPI = DiagnosticRule(rawValue: "unavailable-api")
    /// A `BGTaskScheduler` launch handler was registered too late, twice, or for an identifier
    /// the Info.plist does not permit; or a task was launched with no handler registered.
    public static let taskRegistration = DiagnosticRule(rawValue: "task-registration")
    /// A continued processing task reported no progress for too long and was expired.
    public static let continuedTaskWithoutProgress = DiagnosticRule(rawValue: "continued-task-without-progress")
}
