/// One command of the headless console (and of the web UI, which sends the same lines), carried
/// out on a `Host`: the `AppHost` of TheBackgrounder or of any app.
public struct Command<Host: CommandHost>: Sendable {
    /// The words that name it, e.g. `["interrupt", "begin"]`.
    public let words: [String]
    /// The arguments it takes, for usage lines, e.g. `SECONDS`.
    public let arguments: String
    /// What it does, in a sentence a newcomer can act on.
    public let help: String
    /// How many arguments it accepts.
    public let arity: ClosedRange<Int>
    let perform: @Sendable (Host, CommandArguments) async throws(CommandError) -> CommandResult

    /// A command named `name` (its words, space-separated) that `perform` carries out.
    public init(
        _ name: String,
        arguments: String = "",
        arity: ClosedRange<Int> = 0...0,
        help: String,
        perform: @escaping @Sendable (Host, CommandArguments) async throws(CommandError) -> CommandResult
    ) {
        self.words = name.split(separator: " ").map(String.init)
        self.arguments = arguments
        self.arity = arity
        self.help = help
        self.perform = perform
    }

    /// The command's name, e.g. `interrupt begin`.
    public var name: String { words.joined(separator: " ") }

    /// `wait SECONDS`.
    public var usage: String { arguments.isEmpty ? name : "\(name) \(arguments)" }
}
