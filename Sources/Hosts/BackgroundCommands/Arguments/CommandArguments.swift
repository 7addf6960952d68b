/// The words of a command line after the command's name, and the one way to read them.
public struct CommandArguments: Sendable {
    /// The command's name, which starts every error: `location route`.
    public let command: String
    /// The words as typed (quotes removed).
    public let words: [String]

    public init(command: String, words: [String]) {
        self.command = command
        self.words = words
    }

    /// How many words there are.
    public var count: Int { words.count }

    /// Word `index` as typed.
    public subscript(index: Int) -> String { words[index] }

    /// Word `index` read as a `Value`; `name` labels the word in the error (`speed "0" is not …`).
    public func value<Value: CommandArgument>(
        _ index: Int, as type: Value.Type = Value.self, named name: String? = nil
    ) throws(CommandError) -> Value {
        guard let value = Value(commandWord: words[index]) else {
            let label = name.map { "\($0) " } ?? ""
            throw failure("\(label)\"\(words[index])\" is not \(Value.expectation)")
        }
        return value
    }

    /// Word `index` read as a `Value`, or nil when the line stops before it.
    public func valueIfPresent<Value: CommandArgument>(
        _ index: Int, as type: Value.Type = Value.self, named name: String? = nil
    ) throws(CommandError) -> Value? {
        index < words.count ? try value(index, as: type, named: name) : nil
    }

    /// The command's error saying `message`: `location export: …`.
    public func failure(_ message: String) -> CommandError {
        .invalidArgument("\(command): \(message)")
    }
}
