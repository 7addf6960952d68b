import BackgroundCommands

/// A command of the command table, for the page's help.
struct CommandView: Encodable {
    let usage: String
    let help: String

    init<Host>(_ command: Command<Host>) {
        usage = command.usage
        help = command.help
    }
}
