import BackgroundWire

/// A store that saves a whole snapshot at a time (the pending task requests, the background
/// sessions): what a ``StoreWriter`` writes on its queue.
package protocol SnapshotStore: Sendable {
    associatedtype Snapshot: Sendable
    /// Replaces what is saved with `snapshot`, atomically.
    func save(_ snapshot: Snapshot) throws(StoredFileError)
}
