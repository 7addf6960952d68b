import BackgroundWire

/// A background task the system launched the app for, handed to the launch handler registered
/// with ``TaskScheduler/register(forTaskWithIdentifier:using:)``: an ``AppRefreshTask`` or a
/// ``ProcessingTask``.
///
/// Call ``setTaskCompleted(success:)`` once the work is done. If time runs out first, the
/// ``expirationHandler`` is called: stop the work there and call `setTaskCompleted(success: false)`
/// at once, or the app is terminated.
@AppMain
public class ScheduledTask {
    /// The identifier of the request.
    public let identifier: String
    /// Called when the system needs the task to stop: its time is up, or a condition it
    /// required (power, network) was lost.
    public var expirationHandler: (@AppMain () -> Void)?

    let run: Int
    weak var scheduler: TaskScheduler?

    init(identifier: String, run: Int, scheduler: TaskScheduler) {
        self.identifier = identifier
        self.run = run
        self.scheduler = scheduler
    }

    /// Tells the system the task is done; call it exactly once.
    public func setTaskCompleted(success: Bool) {
        scheduler?.complete(self, success: success)
    }
}
