import BackgroundCommands
import Foundation

/// The `run`s of this executable that run now, found in /proc as `ps` finds them: each one's
/// data directory, from its `--data-dir` (against its own working directory) or its own
/// environment's default. What `pair` reads when it is not told which directory.
enum RunningApps {
    /// The data directories of the other processes whose `argv[0]` ends in `executableName`
    /// and that run the app (`run`, or no subcommand), each once, in the order of their paths;
    /// the app is `appName`, which names the default directory.
    static func dataDirectories(executableName: String, appName: String) -> [URL] {
        let own = getpid()
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(Int32.init) ?? []
        var directories: [URL] = []
        for pid in pids where pid != own {
            guard let arguments = strings(inFile: "/proc/\(pid)/cmdline"), let first = arguments.first,
                URL(fileURLWithPath: first).lastPathComponent == executableName,
                let directory = dataDirectory(pid: pid, arguments: Array(arguments.dropFirst()), appName: appName)
            else { continue }
            if !directories.contains(directory) { directories.append(directory) }
        }
        return directories.sorted { $0.path < $1.path }
    }

    /// The data directory of process `pid` if `arguments` run the app; nil for another
    /// subcommand (`pair`, `app-process`, …).
    private static func dataDirectory(pid: Int32, arguments: [String], appName: String) -> URL? {
        var arguments = arguments[...]
        if arguments.first == "run" {
            arguments = arguments.dropFirst()
        } else if let first = arguments.first, !first.hasPrefix("-") {
            return nil
        }
        var given: String?
        for (index, argument) in zip(arguments.indices, arguments) {
            if argument == "--data-dir", index + 1 < arguments.endIndex {
                given = arguments[index + 1]
            } else if argument.hasPrefix("--data-dir=") {
                given = String(argument.dropFirst("--data-dir=".count))
            }
        }
        guard let given else {
            let environment = strings(inFile: "/proc/\(pid)/environ").map { variables in
                Dictionary(variables.compactMap { variable in
                    variable.firstIndex(of: "=").map { (String(variable[..<$0]), String(variable[variable.index(after: $0)...])) }
                }) { first, _ in first }
            }
            return DataDirectory.defaultURL(named: appName, environment: environment ?? ProcessInfo.processInfo.environment)
        }
        guard !given.hasPrefix("/") else { return URL(fileURLWithPath: given, isDirectory: true).standardizedFileURL }
        guard let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd") else { return nil }
        return URL(fileURLWithPath: cwd, isDirectory: true).appendingPathComponent(given, isDirectory: true).standardizedFileURL
    }

    /// The NUL-separated strings of a /proc file, read whole (its size reads as 0); nil if it
    /// cannot be read (a process that ended, or another user's).
    private static func strings(inFile path: String) -> [String]? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let data = try? file.readToEnd(), !data.isEmpty else { return nil }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
