import BackgroundRuntime

/// Work the user started and watches (iOS 26), as BackgroundTasks hands it to the launch
/// handler. Report its progress on ``progress`` from any thread: without progress the system
/// expires it, and the Live Activity shows it.
// Guarded by titles (its one var, shown); unchecked as a subclass of BGTask, which is not final.
public final class BGContinuedProcessingTask: BGTask, @unchecked Sendable {
    /// The task's progress, Foundation's: each change of its unit counts reaches the system.
    public let progress: Progress
    private let continued: BackgroundRuntime.ContinuedProcessingTask
    private let titles: NSLock = NSLock()
    private var shown: (title: String, subtitle: String)

    @AppMain
    init(_ task: BackgroundRuntime.ContinuedProcessingTask, application: Application) {
        continued = task
        shown = (task.title, task.subtitle)
        progress = ProgressRelay(task.progress, application: application)
        super.init(task, application: application)
    }

    /// The Live Activity's title.
    public var title: String {
        titles.withLock { shown.title }
    }

    /// The Live Activity's subtitle.
    public var subtitle: String {
        titles.withLock { shown.subtitle }
    }

    /// Changes what the Live Activity shows.
    public func updateTitle(_ title: String, subtitle: String) {
        titles.withLock { shown = (title, subtitle) }
        application.onMain { [continued] in continued.updateTitle(title, subtitle: subtitle) }
    }
}
