/// The first line a remote console client sends: `PAIR <token>` and, optionally,
/// `RECENT <n>` to get the last n lines the console kept before the live ones.
///
/// The server answers `OK <process>[<pid>]` and then streams console lines, or
/// `ERROR <reason>` and closes the connection.
public struct ConsoleHandshake: Sendable, Equatable {
    /// The token as the client sent it (checked by the server, never trusted).
    public let token: String
    /// How many kept lines to send before the live ones.
    public let recent: Int

    /// The most kept lines a client can ask for.
    public static let maxRecent = 10_000

    public init(token: String, recent: Int = 0) {
        self.token = token
        self.recent = recent
    }

    /// Reads a client's first line; the error says what was wrong with it.
    public init(parsing line: String) throws(ConsoleProtocolError) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count == 2 || words.count == 4, words[0] == "PAIR" else {
            throw ConsoleProtocolError("expected \"PAIR <token>\" or \"PAIR <token> RECENT <n>\"")
        }
        var recent = 0
        if words.count == 4 {
            guard words[2] == "RECENT", let count = Int(words[3]), (0...Self.maxRecent).contains(count) else {
                throw ConsoleProtocolError("RECENT takes a number of lines from 0 to \(Self.maxRecent)")
            }
            recent = count
        }
        self.init(token: words[1], recent: recent)
    }

    /// The line as the client sends it, without its newline.
    public var line: String { recent > 0 ? "PAIR \(token) RECENT \(recent)" : "PAIR \(token)" }
}
