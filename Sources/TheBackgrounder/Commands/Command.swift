/// One command of the headless console (and of the web UI, which sends the same lines).
public struct Command: Sendable {
    /// The words that name it, e.g. `["interrupt", "begin"]`.
    public let words: [String]
    /// The arguments it takes, for usage lines, e.g. `SECONDS`.
    public let arguments: String
    /// What it does, in a sentence a newcomer can act on.
    public let help: String
    /// How many arguments it accepts.
    public let arity: ClosedRange<Int>
    let perform: @Sendable (Backgrounder, CommandArguments) async throws(CommandError) -> CommandResult

    public init(
        _ name: String,
        arguments: String = "",
        arity: ClosedRange<Int> = 0...0,
        help: String,
        perform: @escaping @Sendable (Backgrounder, CommandArguments) async throws(CommandError) -> CommandResult
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
