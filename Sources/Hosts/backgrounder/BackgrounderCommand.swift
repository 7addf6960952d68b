import ArgumentParser
import BackgroundRuntime
import BackgrounderHost
import TheBackgrounder

/// `backgrounder`: TheBackgrounder, the app of the background-modes tutorials, running on a
/// runtime that enforces iOS's background-execution rules.
@main
struct BackgrounderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backgrounder",
        abstract: "TheBackgrounder: the background-modes tutorial app, on a runtime that enforces iOS's background rules.",
        discussion: """
            Without a subcommand, backgrounder runs the app on its embedded defaults (same as \
            `backgrounder run`). Try `backgrounder run --headless` and type `help`.
            """,
        subcommands: [
            RunCommand.self, RulesCommand.self, NewCommand.self, PortCommand.self, ContentServerCommand.self, ConsoleCommand.self, PairCommand.self,
            VoIPPeerCommand.self, PushCommand.self, EnergyCommand.self, HostCommand.self, AppProcessCommand.self,
            AudioProbeCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Parses and runs the command on Swift concurrency's global executor of Backgrounder's
    /// processes (`GlobalExecutorHooks`), installed here, on the main thread, before any task
    /// leaves it. Only a usage mistake prints the usage (`runOrExit`). `app-process` is the
    /// host's, as every app's, running TheBackgrounder's code.
    static func main() async {
        GlobalExecutorHooks.install()
        await runOrExit { command in
            guard let child = command as? AppProcessCommand else { return false }
            try await Backgrounder.runAppProcess(child)
        }
    }
}
