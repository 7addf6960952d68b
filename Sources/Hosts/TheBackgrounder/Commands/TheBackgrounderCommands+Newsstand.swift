import BackgroundCommands
import BackgrounderHost
import Newsstand

extension TheBackgrounderCommands {
    /// The Newsstand tab's commands.
    static let newsstand: [Command] = [
        Command(
            "newsstand download", arguments: "[URL]", arity: 0...1,
            help: "Type URL (default: the field's text, the built-in content server's issue) in the Newsstand screen and press Return: old issues are removed, issue \"test\" is added and downloaded."
        ) { backgrounder, arguments throws(CommandError) in
            _ = try await backgrounder.tap(NewsstandScreen.downloadTap, arguments.words, for: arguments)
            TerminalProgressBar.followIfAttached(try backgrounder.newsstand, issue: NewsstandScreen.issueName)
            return .done
        },
        Command("newsstand list", help: "List the library's issues: name, date, status, progress, files.") { backgrounder, _ throws(CommandError) in
            let lines = try backgrounder.newsstand.issueSnapshots().map(\.line)
            return .output(lines.isEmpty ? "No issues." : lines.joined(separator: "\n"))
        },
        Command(
            "newsstand remove", arguments: "NAME", arity: 1...1,
            help: "Remove issue NAME from the library with its content; its download stops."
        ) { backgrounder, arguments throws(CommandError) in
            let newsstand = try backgrounder.newsstand
            do {
                try newsstand.removeIssue(named: arguments[0])
            } catch {
                throw arguments.failure("\(error)")
            }
            return .done
        },
    ]
}
