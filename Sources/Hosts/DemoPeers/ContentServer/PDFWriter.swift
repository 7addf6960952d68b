/// Appends ASCII to a byte array for the PDF generator.
struct PDFWriter {
    private(set) var bytes: [UInt8] = []

    var count: Int { bytes.count }

    mutating func append(_ text: String) {
        bytes += text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }

    /// `0.427` for 427: a color component from 0 to 0.999.
    mutating func appendDecimal(_ thousandths: Int) {
        bytes += [UInt8(ascii: "0"), UInt8(ascii: ".")]
        appendPadded(thousandths, width: 3)
    }

    mutating func appendPadded(_ value: Int, width: Int) {
        let digits = Array(String(value).utf8)
        bytes += repeatElement(UInt8(ascii: "0"), count: max(0, width - digits.count))
        bytes += digits
    }

    mutating func appendSpaces(_ count: Int) {
        bytes += repeatElement(UInt8(ascii: " "), count: max(0, count))
    }

    /// One 20-byte cross-reference entry.
    mutating func appendXrefEntry(_ offset: Int) {
        appendPadded(offset, width: 10)
        append(" 00000 n \n")
    }
}
