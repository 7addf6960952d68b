import BackgroundRuntime

/// The commands a `Host` understands, in one place: the ones every app has (``session``,
/// ``device``, ``conditions``, ``tasks``, ``notifications``, ``push``, ``transfers``) and the app's own.
///
/// A command returns once the app has reacted to it (its queued jobs ran, or it
/// was suspended), so scripts read consistent states. A line is matched against the command whose words it starts with (the longest
/// match wins); the remaining words are the arguments.
public struct CommandTable<Host: CommandHost>: Sendable {
    /// The commands, in the order `help` lists them.
    public let commands: [Command<Host>]

    /// A table of `commands`.
    public init(_ commands: [Command<Host>]) {
        self.commands = commands
    }

    /// The commands every app has: the session, the device and its conditions, background
    /// fetch and tasks, notifications and pushes, background transfers.
    public static var common: [Command<Host>] { session + device + conditions + tasks + notifications + push + transfers }

    /// Carries out one line. Blank lines and `#` comments do nothing. Quotes keep a word with
    /// spaces whole (see ``CommandWords``).
    public func execute(_ line: String, on host: Host) async -> CommandResult {
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("#") { return .done }
        let words: [String]
        do {
            words = try CommandWords.split(line)
        } catch {
            return .failed(error)
        }
        guard !words.isEmpty else { return .done }
        let candidates = commands.filter { words.starts(with: $0.words) }
        guard let command = candidates.max(by: { $0.words.count < $1.words.count }) else {
            return .failed(.unknown(line.trimmingCharacters(in: .whitespaces)))
        }
        let arguments = CommandArguments(command: command.name, words: Array(words.dropFirst(command.words.count)))
        guard command.arity.contains(arguments.count) else { return .failed(.usage(command.usage)) }
        do {
            let result = try await command.perform(host, arguments)
            await host.device.waitUntilIdle()
            return result
        } catch {
            return .failed(error)
        }
    }

    /// The help text: one line a command.
    public var helpText: String {
        let width = commands.map(\.usage.count).max() ?? 0
        return commands.map { command in
            command.usage.padding(toLength: width + 2, withPad: " ", startingAt: 0) + command.help
        }.joined(separator: "\n")
    }
}
