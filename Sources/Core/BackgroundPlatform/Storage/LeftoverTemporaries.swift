import BackgroundWire
import Foundation

/// The temporary files a write leaves when its process is killed between creating the file and
/// renaming (or linking) it into place. Their names start with a prefix followed by the writer's
/// process ID; a file of a process that is still alive is its write in progress, not a leftover.
public enum LeftoverTemporaries {
    /// Removes the files in `directory` named `prefix` + a process ID (+ anything) whose process
    /// is gone, so that kills never make the data directory grow.
    public static func remove(in directory: URL, prefix: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
            if let pid = pid_t(digits), kill(pid, 0) == 0 || errno == EPERM { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
