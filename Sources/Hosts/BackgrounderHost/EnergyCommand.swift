import ArgumentParser
import BackgroundRuntime
import Foundation

/// `backgrounder energy`: what each launch of a run cost and how it ended, from the data
/// directory.
public struct EnergyCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "energy",
        abstract: "Print what each launch of the app cost — CPU, wake-ups, network, location, audio, by state — and how it ended, as MetricKit counts exits.",
        discussion: """
            Reads energy/launches.jsonl in the data directory, which `backgrounder run` writes \
            as each launch ends. A launch still running is not in it yet: quit the run (or \
            `terminate`) first.
            """
    )

    @OptionGroup var data: DataDirectoryOptions

    @Flag(help: "Print the launches as one JSON array instead of text.")
    var json = false

    @Option(help: "Only the last N launches.")
    var last: Int?

    /// An empty command, for ArgumentParser.
    public init() {}

    public func validate() throws {
        if let last, last < 1 { throw ValidationError("--last \(last): give 1 or more launches") }
    }

    /// Prints TheBackgrounder's launches, unless `--data-dir` names another directory.
    public func run() throws {
        try run(appName: "backgrounder")
    }

    /// Prints the launches of the data directory named `appName`, unless `--data-dir` names another.
    func run(appName: String) throws {
        let log = EnergyLog(directory: try data.existing(named: appName))
        let read: (launches: [LaunchEnergy], unreadable: [String])
        do {
            read = try log.read()
        } catch {
            throw RuntimeFailure("cannot read \(log.fileURL.path): \(error.localizedDescription)")
        }
        let report = EnergyReport(launches: Array(read.launches.suffix(last ?? read.launches.count)), unreadable: read.unreadable)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            print(String(decoding: try encoder.encode(report.launches), as: UTF8.self))
        } else {
            print(report.text)
        }
    }
}
