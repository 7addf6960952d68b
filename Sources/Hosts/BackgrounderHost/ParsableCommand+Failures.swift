import ArgumentParser
import Foundation

extension ParsableCommand {
    /// Parses and runs the command line `arguments` name (the process's own by default),
    /// reporting a usage mistake with the usage (``parseOrExit(_:)``) and a failure of the run
    /// without it (``exit(afterRunning:)``). `handle` carries out a command itself, and says so
    /// by returning true: the app's own process (``AppProcessCommand``), which needs the app.
    public static func runOrExit(
        _ arguments: [String]? = nil, handling handle: @Sendable (any ParsableCommand) async throws -> Bool = { _ in false }
    ) async {
        var command = parseOrExit(arguments)
        do {
            if try await handle(command) { return }
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            exit(afterRunning: error)
        }
    }

    /// The command `arguments` (the process's own by default) name, parsed and validated. A
    /// usage mistake ends the process with the error and the usage, as ArgumentParser reports
    /// it, with two corrections: a first word that is no subcommand, which ArgumentParser hands
    /// to the default subcommand as an unexpected argument, is said to be none, with the list;
    /// and an unknown option gets ``OptionSuggestion``'s suggestion where it has one.
    public static func parseOrExit(_ arguments: [String]? = nil) -> any ParsableCommand {
        let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        do {
            return try parseAsRoot(arguments)
        } catch {
            if let word = arguments.first, let message = notASubcommand(word) {
                exit(withError: ValidationError(message))
            }
            let message = message(for: error)
            if let suggestion = OptionSuggestion(message: message, options: optionNames(for: arguments)) {
                let text = fullMessage(for: error).replacingOccurrences(of: message, with: suggestion.message)
                FileHandle.standardError.write(Data((text + "\n").utf8))
                Foundation.exit(exitCode(for: error).rawValue)
            }
            exit(withError: error)
        }
    }

    /// Ends the process after `error` from a command's run: `Error: …` and the hint line of a
    /// ``RuntimeFailure``, status 1, never the usage, since the command was typed right — a
    /// `ValidationError` thrown by a run too; an `ExitCode` or `CleanExit` as ArgumentParser
    /// ends it.
    public static func exit(afterRunning error: any Error) -> Never {
        if let error = error as? ValidationError {
            exit(withError: RuntimeFailure(error.message))
        }
        exit(withError: error)
    }

    /// The error for `word`, the first argument, when it is no subcommand although it is where
    /// one goes; nil when it is one, an option, or this command has no default subcommand.
    private static func notASubcommand(_ word: String) -> String? {
        let configuration = configuration
        guard let defaultSubcommand = configuration.defaultSubcommand, !word.hasPrefix("-") else { return nil }
        let defaultName = defaultSubcommand.configuration.commandName
        var names: [String] = []
        var shown: [String] = []
        for subcommand in configuration.subcommands {
            let subconfiguration = subcommand.configuration
            guard let name = subconfiguration.commandName else { continue }
            names.append(name)
            if subconfiguration.shouldDisplay { shown.append(name == defaultName ? "\(name) (the default)" : name) }
        }
        guard !names.contains(word), word != "help" else { return nil }
        return "'\(word)' is not a subcommand of \(configuration.commandName ?? "this command"); the subcommands are "
            + shown.joined(separator: ", ")
    }

    /// The long option names of the subcommand `arguments` run: the one they name first, else
    /// the default one, else this command.
    private static func optionNames(for arguments: [String]) -> [String] {
        let configuration = configuration
        var command: any ParsableCommand.Type = configuration.defaultSubcommand ?? self
        for subcommand in configuration.subcommands where subcommand.configuration.commandName == arguments.first {
            command = subcommand
        }
        return OptionSuggestion.optionNames(inHelp: helpMessage(for: command, includeHidden: false, columns: 10_000))
    }
}
