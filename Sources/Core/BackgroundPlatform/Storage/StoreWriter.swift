import BackgroundWire
import Dispatch
import Synchronization

/// Saves a store's snapshots on a queue of its own, so that a slow disk never stalls the
/// system: the latest snapshot wins, and a save that is overtaken is skipped.
package final class StoreWriter<Store: SnapshotStore>: Sendable {
    package let store: Store
    private let failed: @Sendable (StoredFileError) -> Void
    private let queue: DispatchQueue
    private let latest = Mutex<Store.Snapshot?>(nil)

    /// - Parameters:
    ///   - label: names the writer's queue.
    ///   - failed: told the error when a save fails.
    package init(store: Store, label: String, failed: @escaping @Sendable (StoredFileError) -> Void) {
        self.store = store
        self.failed = failed
        queue = DispatchQueue(label: label)
    }

    /// Saves `snapshot` soon; never waits.
    package func save(_ snapshot: Store.Snapshot) {
        latest.withLock { $0 = snapshot }
        queue.async { [self] in
            guard let snapshot = latest.withLock({ $0.take() }) else { return }
            do throws(StoredFileError) {
                try store.save(snapshot)
            } catch {
                failed(error)
            }
        }
    }

    /// Waits until every save asked for so far is on disk.
    package func waitUntilWritten() {
        queue.sync {}
    }
}
