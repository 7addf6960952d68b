import ArgumentParser
import BackgrounderWeb
import Foundation

/// `backgrounder pair`: prints the pairing token that remote console clients present.
public struct PairCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Print the pairing token that `backgrounder console` must present.",
        discussion: """
            The app makes the token on its first run and keeps it in its data directory, readable \
            by you only. Without --data-dir, the directory is the running app's (the one `run` \
            of this executable that runs now; several with different directories need \
            --data-dir), else the default one. Give it to `backgrounder console` on another \
            machine through BACKGROUNDER_PAIRING_TOKEN or --token-file. --reset makes a new \
            token: clients that knew the old one are refused from then on (restart a running app \
            to use it).
            """
    )

    @OptionGroup var data: DataDirectoryOptions

    @Flag(help: "Replace the token with a new one.")
    var reset = false

    /// An empty command, for ArgumentParser.
    public init() {}

    /// Prints the token of TheBackgrounder's data directory, unless `--data-dir` names another.
    public func run() throws {
        try run(appName: "backgrounder")
    }

    /// Prints the token of the data directory `--data-dir` names, else the running app's, else
    /// the one named `appName`.
    func run(appName: String) throws {
        let directory = try data.dataDir == nil ? runningAppsDirectory(appName: appName) : data.prepared(named: appName)
        let token = reset ? try PairingToken.reset(in: directory) : try PairingToken.loadOrCreate(in: directory)
        print(token.hex)
        // Standard output is the token alone, for scripts; which file it is, for people: an app
        // run with another --data-dir has a token of its own.
        FileHandle.standardError.write(Data(
            "pair: the token of \(directory.appendingPathComponent(PairingToken.fileName).path); an app run with another --data-dir has its own\n".utf8))
    }

    /// The data directory of the app this executable runs now, or the default one named
    /// `appName` when none runs: a token made elsewhere would be one no running app knows.
    /// Apps running with different directories are an error listing them.
    private func runningAppsDirectory(appName: String) throws -> URL {
        let running = RunningApps.dataDirectories(executableName: HostedAppCommand.executableName, appName: appName)
        guard running.count <= 1 else {
            throw RuntimeFailure(
                "\(running.count) apps run, with different data directories: \(running.map(\.path).joined(separator: ", "))",
                hint: "give the one whose token you want with --data-dir")
        }
        return try running.first ?? data.prepared(named: appName)
    }
}
