import BackgroundWire

/// Work the user started in the foreground that goes on in the background
/// (`BGContinuedProcessingTask`, iOS 26), handed to the launch handler registered for its
/// wildcard identifier.
///
/// Report ``progress`` as the work advances: the Live Activity shows it, and a task that
/// reports none is expired. The user can stop the task in its Live Activity, which calls the
/// ``ScheduledTask/expirationHandler`` as an expiration does; there is no fixed time limit.
@AppMain
public final class ContinuedProcessingTask: ScheduledTask {
    /// The Live Activity's title.
    public private(set) var title: String
    /// The Live Activity's subtitle.
    public private(set) var subtitle: String
    /// The work done, as the Live Activity shows it.
    public let progress: TaskProgress

    init(identifier: String, run: Int, scheduler: TaskScheduler, title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        progress = TaskProgress()
        super.init(identifier: identifier, run: run, scheduler: scheduler)
        progress.onChange = { [weak self] in self?.report() }
    }

    /// Changes what the Live Activity says.
    public func updateTitle(_ title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        report()
    }

    private func report() {
        scheduler?.report(
            ContinuedTaskReport(
                title: title, subtitle: subtitle, completedUnitCount: progress.completedUnitCount,
                totalUnitCount: progress.totalUnitCount),
            for: self)
    }
}
