extension Array where Element == UInt8 {
    /// Appends `value` as a LEB128 varint: seven bits a byte, least significant first.
    mutating func appendVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        append(UInt8(rest))
    }

    /// Appends `text` as a varint byte count and its UTF-8, as strings and keys are written.
    mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { appendCounted($0) }
    }

    /// Appends a varint byte count, then `bytes`.
    mutating func appendCounted(_ bytes: UnsafeBufferPointer<UInt8>) {
        appendVarint(UInt64(bytes.count))
        append(contentsOf: bytes)
    }
}
