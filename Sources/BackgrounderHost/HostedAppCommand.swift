import ArgumentParser
import Foundation

/// The command line of a hosted app's executable: `run` (the default) and `rules`.
struct HostedAppCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: URL(fileURLWithPath: CommandLine.arguments.first ?? "app").lastPathComponent,
            abstract: "Your app on Backgrounder: a runtime that enforces iOS's background rules.",
            discussion: "Without a subcommand it runs the app (same as `run`). Try `run --headless` and type `help`.",
            subcommands: [HostedRunCommand.self, HostedRulesCommand.self],
            defaultSubcommand: HostedRunCommand.self
        )
    }
}
