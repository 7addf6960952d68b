import BackgroundRuntime

/// A request for work the user started and watches (iOS 26): submitted from the foreground, its
/// task starts at once or waits in the queue, shows in a Live Activity with `title` and
/// `subtitle`, and goes on in the background while it reports progress. Its identifier matches
/// a wildcard of the Info.plist's `BGTaskSchedulerPermittedIdentifiers` (`com.example.export.*`).
open class BGContinuedProcessingTaskRequest: BGTaskRequest {
    /// What a submission does when no task can start now.
    public typealias SubmissionStrategy = BackgroundRuntime.ContinuedProcessingTaskRequest.SubmissionStrategy

    /// The Live Activity's title.
    open var title: String
    /// The Live Activity's subtitle.
    open var subtitle: String
    /// `.queue` (the default) waits for a turn; `.fail` makes the submission throw.
    open var strategy = SubmissionStrategy.queue

    /// A request for the task `identifier`, shown as `title` and `subtitle`.
    public init(identifier: String, title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        super.init(identifier: identifier)
    }

    /// The runtime's request with these settings.
    var continuedRequest: BackgroundRuntime.ContinuedProcessingTaskRequest {
        var request = BackgroundRuntime.ContinuedProcessingTaskRequest(identifier: identifier, title: title, subtitle: subtitle)
        request.strategy = strategy
        return request
    }
}
