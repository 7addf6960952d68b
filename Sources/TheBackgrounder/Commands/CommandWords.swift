/// A command line's words, split as a shell splits them: at white space, except inside double
/// or single quotes, and a backslash takes the next character as it is. So a path with spaces is
/// one word: `location route "/tmp/My Route.gpx"`.
enum CommandWords {
    /// The words of `line`; throws when a quote is left open or the line ends with a backslash.
    static func split(_ line: String) throws(CommandError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if character == "\\", quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if let quote { throw .invalidArgument("the quote \(quote) is not closed in: \(line)") }
        if escaped { throw .invalidArgument("the line ends with a lone backslash: \(line)") }
        if inWord { words.append(word) }
        return words
    }
}
