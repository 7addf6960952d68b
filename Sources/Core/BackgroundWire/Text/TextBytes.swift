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

    /// Appends `text`'s UTF-8.
    package mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends one ASCII character.
    package mutating func append(ascii character: Unicode.Scalar) {
        bytes.append(UInt8(ascii: character))
    }

    /// Appends bytes that are UTF-8.
    package mutating func append(utf8 raw: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: raw)
    }

    /// Appends `number` in decimal, with zeros before it up to `width` digits, from the highest
    /// digit down.
    package mutating func append(_ number: UInt64, width: Int = 1) {
        var digits = 1
        var place: UInt64 = 1
        while number / place >= 10 {
            digits += 1
            place *= 10
        }
        for _ in digits..<max(digits, width) { bytes.append(UInt8(ascii: "0")) }
        var rest = number
        while place > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / place))
            rest %= place
            place /= 10
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
