import TheBackgrounder

/// A command of the command table, for the page's help.
struct CommandView: Encodable {
    let usage: String
    let help: String

    init(_ command: Command) {
        usage = command.usage
        help = command.help
    }
}
