import BackgrounderWeb
import Testing

/// A remote console client's first line: a handshake, or an error saying what is expected.
@Suite("Fuzz: remote console handshake")
struct ConsoleHandshakeFuzzTests {
    static let samples = ["PAIR " + String(repeating: "ab", count: 32), "PAIR 0123 RECENT 50", "PAIR x RECENT 10000", "PAIR  t  RECENT 0"]

    @Test func mutatedFirstLinesGiveAHandshakeOrSayWhatIsExpected() async {
        await Fuzz.run("console handshake") { generator, number in
            let line = generator.line(from: Self.samples, maxCount: 200)
            let context = Comment(rawValue: Fuzz.label(number, line))
            do throws(ConsoleProtocolError) {
                let handshake = try ConsoleHandshake(parsing: line)
                // The line it answers with: the token from the input, and at most " RECENT 10000".
                Fuzz.expectBounded(handshake.line.utf8.count, byInput: line.utf8.count, plus: 13, context)
                #expect((0...ConsoleHandshake.maxRecent).contains(handshake.recent), context)
                #expect(!handshake.token.isEmpty && line.contains(handshake.token), context)
                #expect(try ConsoleHandshake(parsing: handshake.line) == handshake, context)
            } catch {
                // What is expected, in words that do not repeat the input.
                Fuzz.expectBounded(error.description.utf8.count, byInput: 0, plus: 200, context)
                #expect(error.description.contains("PAIR") || error.description.contains("RECENT"), context)
            }
        }
    }
}
