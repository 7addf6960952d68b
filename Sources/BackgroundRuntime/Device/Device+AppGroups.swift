import Foundation

/// The app's shared containers (App Groups), and the rule on the locks it holds on their files
/// when it is suspended.
extension Device {
    /// The directory of the shared container `identifier`, made on first use; nil when the
    /// identifier is not a name a directory can have, or the device keeps nothing on disk.
    func containerURL(forGroup identifier: String) -> URL? {
        guard let appGroupsDirectory, Self.isGroupIdentifier(identifier) else { return nil }
        let container = appGroupsDirectory.appendingPathComponent(identifier, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        } catch {
            console.log("App Groups: cannot make the container \(container.path): \(error.localizedDescription)")
            return nil
        }
        return container
    }

    /// Whether `identifier` is a reverse-DNS name such as `group.com.example.app`: letters,
    /// digits, dots and hyphens, not starting with a dot.
    static func isGroupIdentifier(_ identifier: String) -> Bool {
        !identifier.isEmpty && !identifier.hasPrefix(".")
            && identifier.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }

    /// The app has just been suspended: if it holds a lock on a file of its shared containers,
    /// the system kills it. Reads the kernel's lock table, outside the device's lock.
    func checkFileLocksAtSuspension() {
        guard let appGroupsDirectory, let launch = read({ $0.launch?.number }) else { return }
        let pid = link.isolation(isRunning: true).appPid ?? getpid()
        let locks = FileLockScanner.locks(in: appGroupsDirectory, heldBy: pid)
        guard !locks.isEmpty else { return }
        handle { $0.suspended(holding: locks, launchNumber: launch, at: $1) }
    }
}
