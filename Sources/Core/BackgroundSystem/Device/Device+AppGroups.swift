import BackgroundWire
import Foundation

/// The rule on the locks the app holds on files of its shared containers (App Groups,
/// `AppGroupContainers`) when it is suspended.
extension Device {
    /// The app has just been suspended: if it holds a lock on a file of its shared containers,
    /// the system kills it. Reads the kernel's lock table, outside the device's lock.
    func checkFileLocksAtSuspension() {
        guard let appGroups = storage?.appGroups, let launch = read({ $0.launch?.number }) else { return }
        let pid = link.isolation(isRunning: true).appPid ?? getpid()
        let locks = appGroups.locks(heldBy: pid)
        guard !locks.isEmpty else { return }
        handle { $0.suspended(holding: locks, launchNumber: launch, at: $1) }
    }
}
