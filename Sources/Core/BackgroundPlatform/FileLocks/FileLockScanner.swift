import BackgroundWire
import Foundation

/// Finds the locks a process holds on the files under a directory, from the kernel's lock
/// table (`/proc/locks`) matched to the files' device and inode numbers.
package enum FileLockScanner {
    /// At most this many files under the directory are looked at: a container is small, and
    /// the look costs a `stat` a file.
    static let fileLimit = 10_000

    /// The locks held by process `pid` — the app's: this process in thread mode, its own in
    /// process mode — (or by no process: open file description locks) on the regular files
    /// under `directory`; none when the directory or the table cannot be read.
    package static func locks(in directory: URL, heldBy pid: Int32) -> [FileLock] {
        // An app that never made a shared container costs its suspensions one stat, not the
        // kernel's whole lock table.
        guard FileManager.default.fileExists(atPath: directory.path), let table = readWhole("/proc/locks") else { return [] }
        let entries = LockTableEntry.entries(of: table).filter { $0.pid == pid || $0.pid == -1 }
        guard !entries.isEmpty else { return [] }
        let files = filesByIdentity(under: directory)
        return entries.compactMap { entry in
            files[entry.device].map { FileLock(path: $0, kind: entry.kind, isExclusive: entry.isExclusive) }
        }
    }

    /// The whole of a `/proc` file. Foundation's `String(contentsOfFile:)` stops after the
    /// first read, a page at most, and a busy lock table is longer.
    private static func readWhole(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil
            }
        }
    }

    private static func filesByIdentity(under directory: URL) -> [FileIdentity: String] {
        guard let walk = FileManager.default.enumerator(atPath: directory.path) else { return [:] }
        var files: [FileIdentity: String] = [:]
        var looked = 0
        while looked < fileLimit, let relative = walk.nextObject() as? String {
            looked += 1
            let path = directory.appendingPathComponent(relative).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            files[FileIdentity(status)] = path
        }
        return files
    }
}
