/// Numbers and names read straight from a file's bytes, without making strings: the parsers'
/// hot path.
package enum ASCIIBytes {
    /// A decimal number (`-122.03272188`, `+5`, `1.5e3`), surrounding spaces allowed; nil if the
    /// bytes are anything else, `NaN` and `inf` included. Correctly rounded, like `strtod`.
    package static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var start = range.lowerBound, end = range.upperBound
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var index = start
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0, fractionDigits = 0
        var seenPoint = false
        while index < end {
            let byte = bytes[index]
            if byte >= 48, byte <= 57 {
                guard digits < 18 else { return slowDouble(bytes, start..<end) }
                mantissa = mantissa * 10 + UInt64(byte - 48)
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                return slowDouble(bytes, start..<end)
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        guard mantissa < 1 << 53 else { return slowDouble(bytes, start..<end) }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// The bytes as text, for messages: at most 40 characters.
    package static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let clipped = range.lowerBound..<min(range.upperBound, range.lowerBound + 40)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[clipped]), as: UTF8.self)
        return clipped.count < range.count ? text + "…" : text
    }

    private static func slowDouble(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard range.count <= 64 else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard let value = Double(text), value.isFinite,
            text.allSatisfy({ $0.isNumber || "+-.eE".contains($0) })
        else { return nil }
        return value
    }

    /// Whether the bytes in `range` are exactly `text`.
    package static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: StaticString) -> Bool {
        range.count == text.utf8CodeUnitCount && text.withUTF8Buffer { bytes[range].elementsEqual($0) }
    }

    /// Space, tab, line feed or carriage return.
    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }
}
