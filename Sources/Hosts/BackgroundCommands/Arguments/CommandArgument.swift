/// A value a command reads from one word of its line, as swift-argument-parser's
/// `ExpressibleByArgument` reads an option's value: `launch fetch` reads a ``LaunchReason``.
///
/// ``CommandArguments/value(_:as:named:)`` reads it and, for a word that names no value, fails
/// with one error shape naming the command, the word and ``expectation``:
/// `device power: "solar" is not external or battery`.
public protocol CommandArgument: Sendable {
    /// The value `word` names; nil when it names none.
    init?(commandWord word: String)

    /// What a word must be, ending the sentence `"WORD" is not …`: `external or battery`,
    /// `a number of seconds between 0 and 86400`.
    static var expectation: String { get }
}

extension CommandArgument where Self: CaseIterable & RawRepresentable<String> {
    /// The case whose raw value is `word`.
    public init?(commandWord word: String) {
        self.init(rawValue: word)
    }

    /// The raw values of the cases: `always, whenInUse or denied`.
    public static var expectation: String { listed(allCases.map(\.rawValue)) }

    /// `a`, `a or b`, `a, b or c`.
    public static func listed(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
