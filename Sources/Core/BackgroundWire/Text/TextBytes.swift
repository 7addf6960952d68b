/// Text built as its UTF-8 bytes in one growing buffer, made a `String` once at the end: for the
/// lines written for every event (a fix's description, a console line's stamp), where a `String`
/// grown part by part, and a `String` made of each number, cost more than the rest of the work.
package struct TextBytes {
    /// The text so far, as UTF-8.
    private var bytes: [UInt8] = []

    /// Empty text with room for `capacity` bytes.
    package init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `text`'s UTF-8, copied in one piece.
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends one ASCII character.
    package mutating func append(ascii character: Unicode.Scalar) {
        bytes.append(UInt8(ascii: character))
    }

    /// Appends bytes that are UTF-8.
    package mutating func append(utf8 raw: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: raw)
    }

    /// Appends `number` in decimal, with zeros before it up to `width` digits. The digits are
    /// written from the lowest up into a buffer on the stack, by divisions by the constant 10,
    /// which the compiler makes multiplications, and appended in one copy.
    package mutating func append(_ number: UInt64, width: Int = 1) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = number
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            for _ in 0..<max(0, width - (digits.count - start)) { bytes.append(UInt8(ascii: "0")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Appends `number` in decimal, a `-` before it when negative, with zeros up to `width` digits.
    package mutating func append(_ number: Int, width: Int = 1) {
        if number < 0 { append(ascii: "-") }
        append(UInt64(number.magnitude), width: width)
    }

    /// The text.
    package var string: String {
        String(decoding: bytes, as: UTF8.self)
    }
}
