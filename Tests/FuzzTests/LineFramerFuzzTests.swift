import BackgroundRuntime
import Testing

/// Byte streams of garbage and of real lines, cut into reads at random: the same lines as one
/// read gives, in order, and never more than the limit held.
@Suite("Fuzz: LineFramer")
struct LineFramerFuzzTests {
    @Test func anyCutOfAStreamGivesTheSameLinesWithinTheLimit() async {
        let samples = (FuzzSamples.gpsdLines + FuzzSamples.commandLines).map { Array(($0 + "\n").utf8) } + FuzzSamples.nmea
        await Fuzz.run("LineFramer") { generator, number in
            let stream = generator.input(from: samples, maxCount: 2048)
            let limit = Int.random(in: 1...300, using: &generator)
            var whole = LineFramer(limit: limit)
            let expected = whole.append(stream) + [whole.finish()].compactMap { $0 }
            var framer = LineFramer(limit: limit)
            var lines: [FramedLine] = []
            var rest = stream[...]
            while !rest.isEmpty {
                let read = rest.prefix(Int.random(in: 1...64, using: &generator))
                lines += framer.append(read)
                #expect(framer.bufferedByteCount <= limit + 1)
                rest = rest.dropFirst(read.count)
            }
            lines += [framer.finish()].compactMap { $0 }
            let context = Comment(rawValue: Fuzz.label(number, stream) + " limit \(limit)")
            #expect(lines == expected, context)
            // The lines hold no byte the stream did not: each at most the limit, a newline less.
            let held = lines.reduce(0) { total, line in if case .line(let text) = line { total + text.utf8.count } else { total } }
            Fuzz.expectBounded(held, byInput: stream.count, context)
            #expect(lines.count <= stream.filter { $0 == UInt8(ascii: "\n") }.count + 1, context)
            for case .line(let text) in lines {
                #expect(text.utf8.count <= limit && !text.contains("\n"), context)
            }
        }
    }
}
