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

    /// Inserts `value` as a varint at `index`, moving the bytes after it once.
    mutating func insertVarint(_ value: UInt64, at index: Int) {
        let size = Self.varintSize(value)
        insert(contentsOf: repeatElement(0, count: size), at: index)
        var rest = value
        for offset in index..<index + size {
            self[offset] = UInt8(truncatingIfNeeded: rest) | (offset < index + size - 1 ? 0x80 : 0)
            rest >>= 7
        }
    }

    /// How many bytes `value` takes as a varint.
    static func varintSize(_ value: UInt64) -> Int {
        var size = 1
        var rest = value >> 7
        while rest != 0 {
            size += 1
            rest >>= 7
        }
        return size
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
