import BackgroundWire
import Foundation

extension Application {
    /// The directory the app shares with its extensions and the other apps of its group, like
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`: made on first use
    /// under the data directory's `AppGroups`; nil for an identifier that cannot name a
    /// directory, or on a device that keeps nothing on disk.
    ///
    /// The system kills an app that is suspended while it holds a lock on a file here
    /// (0xdead10cc): take the lock inside a background task and release it before ending
    /// the task.
    public func containerURL(forSecurityApplicationGroupIdentifier identifier: String) -> URL? {
        system?.containerURL(forGroup: identifier)
    }
}
