/// A command line's words, split as a shell splits them: at white space, except inside double
/// or single quotes, and a backslash takes the next character as it is. So a path with spaces is
/// one word: `location route "/tmp/My Route.gpx"`.
///
/// The line is read a Unicode scalar at a time, as a shell reads bytes: a quote or a backslash
/// followed by a combining mark (`"\u{301}…`) is still a quote or a backslash, though the two
/// make one `Character`.
public enum CommandWords {
    /// The words of `line`; throws when a quote is left open or the line ends with a backslash.
    public static func split(_ line: String) throws(CommandError) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var inWord = false
        var quote: Unicode.Scalar?
        var escaped = false
        for scalar in line.unicodeScalars {
            if escaped {
                word.append(scalar)
                escaped = false
            } else if scalar == "\\", quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if scalar == open { quote = nil } else { word.append(scalar) }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
                inWord = true
            } else if scalar.properties.isWhitespace {
                if inWord { words.append(String(word)) }
                word = String.UnicodeScalarView()
                inWord = false
            } else {
                word.append(scalar)
                inWord = true
            }
        }
        if let quote { throw .invalidArgument("the quote \(quote) is not closed in: \(line)") }
        if escaped { throw .invalidArgument("the line ends with a lone backslash: \(line)") }
        if inWord { words.append(String(word)) }
        return words
    }
}
