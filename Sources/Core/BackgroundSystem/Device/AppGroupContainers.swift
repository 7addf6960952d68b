import BackgroundPlatform
import BackgroundWire
import Foundation

/// The app's shared containers (App Groups): a directory per group identifier in `AppGroups`
/// of the device's storage directory, made on first use, and the locks the app holds on their
/// files (which the system reads when it suspends the app).
struct AppGroupContainers: Sendable {
    /// Where the containers are: `AppGroups` in the storage directory.
    let directory: URL
    /// Where a container that cannot be made is reported.
    let console: Console

    /// The directory of the shared container `identifier`, made on first use; nil when the
    /// identifier is not a name a directory can have.
    func url(forGroup identifier: String) -> URL? {
        guard Self.isGroupIdentifier(identifier) else { return nil }
        let container = directory.appendingPathComponent(identifier, isDirectory: true)
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

    /// The locks process `pid` holds on files of the containers, from the kernel's lock table.
    func locks(heldBy pid: Int32) -> [FileLock] {
        FileLockScanner.locks(in: directory, heldBy: pid)
    }
}
