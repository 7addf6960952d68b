import BackgroundRuntime

/// Foundation's `Progress`, as a continued processing task's: each change of its unit counts,
/// from any thread, is carried to the runtime's ``TaskProgress`` on the app's main executor.
// Unchecked: Foundation's Progress is thread-safe but not Sendable in its types; the relay adds only lets.
final class ProgressRelay: Progress, @unchecked Sendable {
    private let task: TaskProgress
    private let application: Application

    init(_ task: TaskProgress, application: Application) {
        self.task = task
        self.application = application
        super.init(parent: nil, userInfo: nil)
    }

    override var totalUnitCount: Int64 {
        didSet {
            let count = totalUnitCount
            application.onMain { [task] in task.totalUnitCount = count }
        }
    }

    override var completedUnitCount: Int64 {
        didSet {
            let count = completedUnitCount
            application.onMain { [task] in task.completedUnitCount = count }
        }
    }
}
