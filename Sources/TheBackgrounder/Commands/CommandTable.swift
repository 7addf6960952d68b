import BackgroundRuntime

/// Every command TheBackgrounder understands, in one place.
///
/// Each tab adds its commands in its own `CommandTable+Tab.swift` file and one line to
/// ``all``. A command returns once the app has reacted to it (its queued jobs ran, or it
/// was suspended), so scripts read consistent states. A line is matched against the command whose words it starts with (the longest
/// match wins); the remaining words are the arguments.
public struct CommandTable: Sendable {
    public let commands: [Command]

    public init(_ commands: [Command]) {
        self.commands = commands
    }

    /// The commands of the whole app.
    public static let all = CommandTable(
        session + device + conditions + whatever + audio + nowPlaying + location + newsstand + voip + fetch + notifications
            + push)

    /// Carries out one line. Blank lines and `#` comments do nothing. Quotes keep a word with
    /// spaces whole (see ``CommandWords``).
    public func execute(_ line: String, on backgrounder: Backgrounder) async -> CommandResult {
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
            let result = try await command.perform(backgrounder, arguments)
            await backgrounder.device.waitUntilIdle()
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
