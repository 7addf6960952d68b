import ArgumentParser
import Foundation

/// The command line of a hosted app's executable: `run` (the default), `rules`, `console`,
/// `pair` and `energy`.
struct HostedAppCommand: AsyncParsableCommand {
    /// The executable's name, as the user typed it.
    static var executableName: String { URL(fileURLWithPath: CommandLine.arguments.first ?? "app").lastPathComponent }

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: executableName,
            abstract: "Your app on Backgrounder: a runtime that enforces iOS's background rules.",
            discussion: "Without a subcommand it runs the app (same as `run`). Try `run --headless` and type `help`.",
            subcommands: [
                HostedRunCommand.self, HostedRulesCommand.self, ConsoleCommand.self, PairCommand.self, EnergyCommand.self, AppProcessCommand.self,
                ServiceExtensionProcessCommand.self, AudioProbeCommand.self,
            ],
            defaultSubcommand: HostedRunCommand.self
        )
    }
}
