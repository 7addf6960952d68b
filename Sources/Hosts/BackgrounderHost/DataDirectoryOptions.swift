import ArgumentParser
import BackgroundCommands
import Foundation

/// `--data-dir`, for the commands that read what `run` stores.
public struct DataDirectoryOptions: ParsableArguments {
    /// `--data-dir`.
    @Option(help: "The app's data directory (default: $XDG_DATA_HOME/NAME or ~/.local/share/NAME; NAME is backgrounder for TheBackgrounder, else the app's name).")
    public var dataDir: String?

    /// No `--data-dir`.
    public init() {}

    /// The directory, `DataDirectory.defaultURL(named: name)` unless given, created if needed;
    /// a `name` that is no plain folder name (a CFBundleName with a slash) is refused.
    public func prepared(named name: String = "backgrounder") throws -> URL {
        if dataDir == nil, name.isEmpty || name == "." || name == ".." || name.contains("/") {
            throw RuntimeFailure("the app's name \"\(name)\" (CFBundleName) cannot name its data directory; give --data-dir")
        }
        let url = dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? DataDirectory.defaultURL(named: name)
        do {
            try DataDirectory.prepare(url)
        } catch {
            throw RuntimeFailure("--data-dir: \(error)")
        }
        return url
    }

    /// The directory, as ``prepared(named:)`` finds it, for the commands that only read what a
    /// run stored: one that does not exist is an error naming it, never a new empty directory.
    public func existing(named name: String = "backgrounder") throws -> URL {
        if let dataDir, !FileManager.default.fileExists(atPath: dataDir) {
            throw RuntimeFailure("--data-dir \(dataDir): no such directory; `run --data-dir \(dataDir)` makes it")
        }
        return try prepared(named: name)
    }
}
