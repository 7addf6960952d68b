/// A request for work the user started that may go on after the app leaves the screen
/// (`BGContinuedProcessingTaskRequest`, iOS 26): submitted from the foreground, on the user's
/// action, with `BGTaskScheduler/submit(_:)-(BGContinuedProcessingTaskRequest)`. The system
/// shows its title, subtitle and progress in a Live Activity the user can stop.
///
/// The identifier is a permitted wildcard's prefix and a suffix of the app's choosing: with
/// `com.foo.MyApp.export.*` in `BGTaskSchedulerPermittedIdentifiers`, `com.foo.MyApp.export.42`
/// (Apple, `init(identifier:title:subtitle:)`).
public struct ContinuedProcessingTaskRequest: Sendable, Equatable, Codable {
    /// What the system does when the request cannot run at once.
    public enum SubmissionStrategy: String, Sendable, Codable {
        /// Submission throws `BGTaskSchedulerError.immediateRunIneligible`.
        case fail
        /// The request waits at the back of a queue and runs as soon as it can; queued requests
        /// are cancelled when the user closes the app in the app switcher.
        case queue
    }

    public let identifier: String
    /// Shown to the user in the Live Activity until the task changes it.
    public var title: String
    /// Shown under the title until the task changes it.
    public var subtitle: String
    /// `.queue` unless set, as on iOS.
    public var strategy = SubmissionStrategy.queue

    public init(identifier: String, title: String, subtitle: String) {
        self.identifier = identifier
        self.title = title
        self.subtitle = subtitle
    }
}
