/// A better guess than ArgumentParser's at the option meant by an unknown `--WORD`.
/// ArgumentParser suggests the name fewest edits away, if under four: `push --port` gets
/// `--voip` (3 edits), not `--push-port` (5 insertions). A person who types the last word of an
/// option's name, as a flag of another command spells it, means that option: `--push-port`.
struct OptionSuggestion {
    /// The corrected error message, as ArgumentParser words it.
    let message: String

    /// The suggestion for ArgumentParser's `message` about an unknown option, when exactly one
    /// of `options` (long names, `--push-port`) ends in its words and ArgumentParser suggested
    /// another; nil otherwise.
    init?(message: String, options: [String]) {
        guard let match = message.wholeMatch(of: #/Unknown option '(--[^']+)'(?:\. Did you mean '([^']+)'\?)?/#) else {
            return nil
        }
        let unknown = String(match.output.1)
        let endings = options.filter { $0.hasSuffix("-" + unknown.dropFirst(2)) }
        guard endings.count == 1, let option = endings.first, option != match.output.2.map(String.init) else { return nil }
        self.message = "Unknown option '\(unknown)'. Did you mean '\(option)'?"
    }

    /// The long option names in `help`, ArgumentParser's help text: the names that begin its
    /// option lines (`  --push-port <push-port>  The gateway's port…`, `  -h, --help  …`).
    static func optionNames(inHelp help: String) -> [String] {
        help.split(separator: "\n").flatMap { line -> [String] in
            guard line.hasPrefix("  -") else { return [] }
            let words = line.split(separator: " ").prefix { $0.hasPrefix("-") || $0.hasPrefix("<") || $0 == "..." }
            return words.map { String($0.hasSuffix(",") ? $0.dropLast() : $0) }.filter { $0.hasPrefix("--") }
        }
    }
}
