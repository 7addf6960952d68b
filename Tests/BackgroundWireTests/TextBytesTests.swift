import BackgroundWire
import Testing

/// Numbers in decimal, padded with zeros to a width, as `String(format:)` would write them.
@Suite("Text built as bytes")
struct TextBytesTests {
    @Test(arguments: [0, 1, 9, 10, 99, 100, 999, 1_000, 12_345, 4_294_967_296, UInt64.max / 10, UInt64.max])
    func aNumberIsItsDecimalDigitsPaddedToTheWidth(number: UInt64) {
        for width in 0...22 {
            var text = TextBytes(capacity: 0)
            text.append(number, width: width)
            let digits = String(number)
            #expect(text.string == String(repeating: "0", count: max(0, width - digits.count)) + digits, "width \(width)")
        }
    }

    @Test func aNegativeNumberHasItsSignBeforeTheZeros() {
        var text = TextBytes(capacity: 0)
        text.append(-7, width: 3)
        text.append(" ")
        text.append(Int.min)
        #expect(text.string == "-007 \(Int.min)")
    }

    @Test func itsBytesAreTheUTF8OfItsStringAcrossGrowth() {
        var text = TextBytes(capacity: 0)
        let wasEmpty = text.isEmpty
        var expected = ""
        for number in 0..<200 {
            text.append("café ")
            text.append(number, width: 3)
            text.append(ascii: ";")
            expected += "café " + String(repeating: "0", count: max(0, 3 - String(number).count)) + String(number) + ";"
        }
        let isEmpty = text.isEmpty
        let bytes = text.withUnsafeBytes { Array($0) }
        let string = text.string
        #expect(wasEmpty && !isEmpty)
        #expect(bytes == Array(expected.utf8))
        #expect(string == expected)
    }
}
