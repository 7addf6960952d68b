import Dispatch
import Synchronization

/// Saves the pending `BGTaskScheduler` requests on a queue of its own, so that a slow disk
/// never stalls the system: the latest list wins, and a save that is overtaken is skipped.
final class TaskRequestWriter: Sendable {
    let store: TaskRequestStore
    private let failed: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "backgrounder.task-requests")
    private let latest = Mutex<[ScheduledTaskRequest]?>(nil)

    /// - Parameter failed: told the reason when a save fails.
    init(store: TaskRequestStore, failed: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.failed = failed
    }

    /// Saves `requests` soon; never waits.
    func save(_ requests: [ScheduledTaskRequest]) {
        latest.withLock { $0 = requests }
        queue.async { [self] in
            guard let requests = latest.withLock({ $0.take() }) else { return }
            do {
                try store.save(requests)
            } catch {
                failed("BGTaskScheduler: cannot save the pending requests: \(error)")
            }
        }
    }

    /// Waits until every save asked for so far is on disk.
    func waitUntilWritten() {
        queue.sync {}
    }
}
