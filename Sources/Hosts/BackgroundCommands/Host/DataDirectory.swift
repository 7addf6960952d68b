import Foundation

/// Where the app keeps what it stores: databases, issue contents, transfer state.
public enum DataDirectory {
    /// `$XDG_DATA_HOME/NAME`, or `~/.local/share/NAME` without it; NAME is `backgrounder`
    /// unless given (a hosted app's name).
    public static func defaultURL(
        named name: String = "backgrounder", environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent(name, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home)
            .appendingPathComponent(".local/share", isDirectory: true).appendingPathComponent(name, isDirectory: true)
    }

    /// Creates the directory if needed; the error names the path and the reason.
    public static func prepare(_ url: URL) throws(DataDirectoryError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw DataDirectoryError(path: url.path, reason: error.localizedDescription)
        }
        guard FileManager.default.isWritableFile(atPath: url.path) else {
            throw DataDirectoryError(path: url.path, reason: "it is not writable")
        }
    }
}

/// The data directory cannot be used.
public struct DataDirectoryError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "data directory \(path): \(reason)" }
}
