/// Whole numbers read straight from text's bytes, without making a string: the fixed-width
/// fields of dates and times (`2026`, `05` in `…T22:05:11Z`, `hhmmss` in NMEA) that the readers
/// of times and of locations take apart.
package enum DecimalDigits {
    /// The unsigned integer that exactly the bytes in `range` write; nil if the range is empty,
    /// longer than 18 digits, or any byte in it is not a digit.
    package static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 18 else { return nil }
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
