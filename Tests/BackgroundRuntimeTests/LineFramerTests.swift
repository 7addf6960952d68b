import BackgroundRuntime
import Testing

@Suite("Line framing: several commands a read, a command across reads, CRLF, limits, bad UTF-8")
struct LineFramerTests {
    @Test func severalCommandsInOneRead() {
        var framer = LineFramer()
        #expect(framer.append(Array("ping\nnotify\nxxxxx\n".utf8)) == [.line("ping"), .line("notify"), .line("xxxxx")])
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func oneCommandSplitAcrossReadsDownToOneByteARead() {
        var framer = LineFramer()
        var lines: [FramedLine] = []
        for byte in Array("ping\r\nnotify\n".utf8) { lines += framer.append([byte]) }
        #expect(lines == [.line("ping"), .line("notify")])
    }

    @Test func crlfAndLfEndingsAndEmptyLines() {
        var framer = LineFramer()
        #expect(framer.append(Array("ping\r\n\r\n\npong\r".utf8)) == [.line("ping"), .line(""), .line("")])
        #expect(framer.append(Array("\n".utf8)) == [.line("pong")])
        #expect(framer.append(Array("a\rb\n".utf8)) == [.line("a\rb")])
    }

    @Test func aHandshakeAcrossReadsThenMoreLinesLoseTheirCarriageReturns() {
        var framer = LineFramer(limit: 16)
        #expect(framer.append(Array("PAI".utf8)) == [])
        #expect(framer.append(Array("R x\r\nsecond\nthi".utf8)) == [.line("PAIR x"), .line("second")])
        #expect(framer.append(Array("rd\n\n".utf8)) == [.line("third"), .line("")])
    }

    @Test func theLastLineWithoutANewlineComesAtTheEnd() {
        var framer = LineFramer()
        #expect(framer.append(Array("ping\nnoti".utf8)) == [.line("ping")])
        #expect(framer.finish() == .line("noti"))
        #expect(framer.finish() == nil)
    }

    @Test func aLineOverTheLimitIsReportedOnceAsSoonAsItGrowsPastAndDroppedToItsNewline() {
        var framer = LineFramer(limit: 8)
        #expect(framer.append(Array("12345678\n".utf8)) == [.line("12345678")])
        #expect(framer.append(Array("12345678\r\n".utf8)) == [.line("12345678")])
        #expect(framer.append(Array("123456789".utf8)) == [])
        #expect(framer.append(Array("0".utf8)) == [.tooLong])
        for _ in 0..<1_000 {
            #expect(framer.append(Array(repeating: UInt8(ascii: "x"), count: 1_000)) == [])
            #expect(framer.bufferedByteCount <= 9)
        }
        #expect(framer.append(Array("tail\nping\n".utf8)) == [.line("ping")])
        #expect(framer.append(Array("123456789\n".utf8)) == [.tooLong])
        #expect(framer.finish() == nil)
    }

    @Test func invalidUTF8IsReportedNotDecoded() {
        var framer = LineFramer()
        #expect(framer.append([0xC3, 0x28, 0x0A]) == [.invalidUTF8(byteCount: 2)])
        #expect(framer.append([0xED, 0xA0, 0x80, 0x0A]) == [.invalidUTF8(byteCount: 3)])
        #expect(framer.append(Array("héllo ☎️\n".utf8)) == [.line("héllo ☎️")])
        // A multi-byte character split across reads is fine.
        let phone = Array("☎\n".utf8)
        #expect(framer.append(phone.prefix(1)) == [])
        #expect(framer.append(phone.dropFirst()) == [.line("☎")])
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func fuzzedBytesInRandomReadsFrameExactlyLikeAReferenceSplitterWithinBoundedMemory(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let limit = Int.random(in: 1...64, using: &random)
        var framer = LineFramer(limit: limit)
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x41, 0x61, 0x00, 0xFF, 0xC3, 0xA9, 0xE2, 0x98, 0x8E, 0x80, 0x1B]
        var stream: [UInt8] = []
        for _ in 0..<Int.random(in: 1_000...20_000, using: &random) {
            stream.append(Bool.random(using: &random) ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random))
        }
        var framed: [FramedLine] = []
        var offset = 0
        while offset < stream.count {
            let size = Int.random(in: 1...(Bool.random(using: &random) ? 3 : 300), using: &random)
            let chunk = stream[offset..<min(stream.count, offset + size)]
            framed += framer.append(chunk)
            #expect(framer.bufferedByteCount <= limit + 1)
            offset += size
        }
        if let last = framer.finish() { framed.append(last) }
        #expect(framed == Self.reference(stream, limit: limit))
    }

    /// Splits the whole stream at once: what the framer must produce, whatever the reads.
    static func reference(_ stream: [UInt8], limit: Int) -> [FramedLine] {
        var segments = stream.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if segments.last?.isEmpty == true { segments.removeLast() }
        return segments.map { segment in
            let content = segment.last == 0x0D ? Array(segment.dropLast()) : segment
            if content.count > limit { return .tooLong }
            return String(validating: content, as: UTF8.self).map(FramedLine.line) ?? .invalidUTF8(byteCount: content.count)
        }
    }
}
