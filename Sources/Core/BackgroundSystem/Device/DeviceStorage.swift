import BackgroundPlatform
import BackgroundWire
import Foundation

/// What a device keeps in its storage directory (``DeviceSetup/storageDirectory``), so that it
/// outlives the device's process: the pending `BGTaskScheduler` requests, the background
/// sessions' transfers, the push tokens, the app's shared containers, Documents and keychain.
package struct DeviceStorage: Sendable {
    package let taskRequests: StoreWriter<TaskRequestStore>
    /// Saves the background sessions and their transfers.
    let backgroundSessions: StoreWriter<BackgroundSessionStore>
    let pushTokenStore: PushTokenStore
    /// The app's shared containers.
    let appGroups: AppGroupContainers
    /// The app's Documents directory, `Documents` in the data directory. The app's side makes
    /// it on first write.
    let documentsDirectory: URL
    /// The app's keychain items, `Keychain` in the data directory.
    let keychainDirectory: URL

    init(directory: URL, console: Console) {
        taskRequests = StoreWriter(store: TaskRequestStore(directory: directory), label: "backgrounder.task-requests") {
            console.log("BGTaskScheduler: cannot save the pending requests: \($0)")
        }
        backgroundSessions = StoreWriter(
            store: BackgroundSessionStore(directory: directory), label: "backgrounder.background-sessions"
        ) {
            console.log("Background sessions: cannot save the transfers: \($0)")
        }
        pushTokenStore = PushTokenStore(directory: directory)
        appGroups = AppGroupContainers(directory: directory.appendingPathComponent("AppGroups", isDirectory: true), console: console)
        documentsDirectory = directory.appendingPathComponent("Documents", isDirectory: true)
        keychainDirectory = directory.appendingPathComponent("Keychain", isDirectory: true)
    }
}
