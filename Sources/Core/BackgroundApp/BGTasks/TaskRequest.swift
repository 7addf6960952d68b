import BackgroundWire
import Foundation

/// A request to launch the app in the background for a task, submitted with
/// `BGTaskScheduler.submit(_:)`: an ``AppRefreshTaskRequest`` or a ``ProcessingTaskRequest``.
public protocol TaskRequest: Sendable {
    /// One of the Info.plist's `BGTaskSchedulerPermittedIdentifiers`.
    var identifier: String { get }
    /// The task does not start before this date; nil means as soon as the system likes.
    var earliestBeginDate: Date? { get set }
    /// What the system keeps of the request.
    var scheduledRequest: ScheduledTaskRequest { get }
}
