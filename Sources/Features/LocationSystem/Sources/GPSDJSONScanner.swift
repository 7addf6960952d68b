import LocationWire

/// Reads one line of gpsd's JSON into a ``GPSDReport``: it checks that the line is a single
/// well-formed JSON value (RFC 8259) and takes the top-level members a report has, decoding only
/// those. It answers as `JSONDecoder` would for a `Decodable` report — the same report, or the
/// same kind of failure — in a fraction of the time: in a flood of reports, decoding with
/// `JSONDecoder` was a third of the app's work.
struct GPSDJSONScanner {
    /// Why a line gives no report.
    enum Failure: Error, Equatable {
        /// The line is not one JSON value.
        case notJSON
        /// It is JSON, but not an object with a string `class` and fields of the right types.
        case wrongShape
    }

    /// Deeper nesting than this is refused as not JSON (`JSONDecoder` refuses deeper than 512).
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The report in `line`, or why there is none.
    static func report(in line: String) -> Result<GPSDReport, Failure> {
        var line = line
        return line.withUTF8 { bytes in
            var scanner = GPSDJSONScanner(bytes)
            return scanner.scanLine()
        }
    }

    // MARK: The report

    /// The top-level members a report reads, by their keys.
    private enum Field: Int, CaseIterable {
        case `class`, mode, time, lat, lon, altMSL, alt, epx, epy, eph, epv, speed, track, message

        /// Each field's key in UTF-8, in the order of the cases.
        static let keys: [[UInt8]] = allCases.map { Array(String(describing: $0).utf8) }

        /// The field whose key is `bytes`, if any: only a key of the same length and first byte
        /// is compared byte by byte.
        init?(key bytes: UnsafeBufferPointer<UInt8>) {
            guard let first = bytes.first else { return nil }
            guard let index = Self.keys.firstIndex(where: { $0.count == bytes.count && $0[0] == first && $0.elementsEqual(bytes) }) else {
                return nil
            }
            self.init(rawValue: index)
        }
    }

    /// A top-level member's value, as far as a report needs it.
    private enum Value {
        case string(String)
        /// A number, and its value as an integer when it is one exactly (worked out for `mode` only).
        case number(Double, integer: Int?)
        /// A non-zero number too small for a `Double`: `JSONDecoder` decodes it as the integer
        /// 0 but as no `Double`.
        case tiny
        case null
        /// `true`, `false`, an array or an object.
        case other
    }

    /// The values of an object's members that are fields, the first of each.
    private struct Members {
        private var values = [Value?](repeating: nil, count: Field.allCases.count)

        subscript(field: Field) -> Value? {
            get { values[field.rawValue] }
            set { values[field.rawValue] = newValue }
        }
    }

    private mutating func scanLine() -> Result<GPSDReport, Failure> {
        // A byte order mark first is allowed, as Foundation's parsers allow it.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        let members: Members?
        if peek == UInt8(ascii: "{") {
            guard let object = scanTopLevelObject() else { return .failure(.notJSON) }
            members = object
        } else {
            guard skipValue(depth: 0) else { return .failure(.notJSON) }
            members = nil
        }
        skipWhitespace()
        guard index == bytes.count else { return .failure(.notJSON) }
        guard let members, let report = Self.report(from: members) else { return .failure(.wrongShape) }
        return .success(report)
    }

    /// The report of an object's members: nil unless `class` is a string and every other field
    /// is absent, null or of its type.
    private static func report(from members: Members) -> GPSDReport? {
        guard case .string(let reportClass)? = members[.class] else { return nil }
        func number(_ field: Field) -> Double?? {
            switch members[field] {
            case nil, .null?: .some(nil)
            case .number(let value, _)?: .some(value)
            case .tiny?, .string?, .other?: nil
            }
        }
        func string(_ field: Field) -> String?? {
            switch members[field] {
            case nil, .null?: .some(nil)
            case .string(let value)?: .some(value)
            case .number?, .tiny?, .other?: nil
            }
        }
        let mode: Int?
        switch members[.mode] {
        case nil, .null?: mode = nil
        case .number(_, let integer?)?: mode = integer
        case .tiny?: mode = 0
        case .number?, .string?, .other?: return nil
        }
        guard let time = string(.time), let lat = number(.lat), let lon = number(.lon),
            let altMSL = number(.altMSL), let alt = number(.alt), let epx = number(.epx), let epy = number(.epy),
            let eph = number(.eph), let epv = number(.epv), let speed = number(.speed), let track = number(.track),
            let message = string(.message)
        else { return nil }
        return GPSDReport(
            class: reportClass, mode: mode, time: time, lat: lat, lon: lon, altMSL: altMSL, alt: alt, epx: epx,
            epy: epy, eph: eph, epv: epv, speed: speed, track: track, message: message)
    }

    // MARK: JSON

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// The members of the object at `index` that are fields of a report; nil if it is not
    /// well-formed. A key given twice keeps its first value, as `JSONDecoder` does.
    private mutating func scanTopLevelObject() -> Members? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var members = Members()
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return members }
        repeat {
            skipWhitespace()
            // A comma before the closing brace is allowed, as Foundation's parsers allow it.
            if consume(UInt8(ascii: "}")) { return members }
            guard let field = scanKey() else { return nil }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            guard let value = scanMemberValue(of: field) else { return nil }
            if let field, members[field] == nil { members[field] = value }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}")) ? members : nil
    }

    /// A member's key: the field it names, or `.some(nil)` for a key that names none; nil if it
    /// is not a well-formed string. A key without escapes is matched as bytes, without making
    /// a string of it.
    private mutating func scanKey() -> Field?? {
        let start = index
        guard consume(UInt8(ascii: "\"")) else { return nil }
        while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
        guard peek == UInt8(ascii: "\"") else {
            index = start
            return scanString(decoding: true).map { key in Field.allCases.first { String(describing: $0) == key } }
        }
        defer { index += 1 }
        return .some(Field(key: UnsafeBufferPointer(rebasing: bytes[start + 1..<index])))
    }

    /// A top-level member's value; strings are decoded only for a field.
    private mutating func scanMemberValue(of field: Field?) -> Value? {
        guard let byte = peek else { return nil }
        switch byte {
        case UInt8(ascii: "\""):
            if field != nil { return scanString(decoding: true).map(Value.string) }
            return scanString(decoding: false).map { _ in .other }
        case UInt8(ascii: "n"):
            return skipLiteral("null") ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            guard let value = scanNumber() else { return nil }
            guard value == 0 || field == .mode else { return .number(value, integer: nil) }
            let text = Substring(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            let mantissa = text.prefix { $0 != "e" && $0 != "E" }
            if value == 0, mantissa.contains(where: { $0 >= "1" && $0 <= "9" }) { return .tiny }
            return .number(value, integer: Int(text) ?? (value.rounded() == value ? Int(exactly: value) : nil))
        default:
            return skipValue(depth: 1) ? .other : nil
        }
    }

    /// Skips one well-formed value at `depth`; false if there is none.
    private mutating func skipValue(depth: Int) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        switch peek {
        case UInt8(ascii: "{")?:
            index += 1
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return true }
            repeat {
                skipWhitespace()
                if consume(UInt8(ascii: "}")) { return true }
                guard scanString(decoding: false) != nil else { return false }
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { return false }
                skipWhitespace()
                guard skipValue(depth: depth + 1) else { return false }
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "}"))
        case UInt8(ascii: "[")?:
            index += 1
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return true }
            repeat {
                skipWhitespace()
                guard skipValue(depth: depth + 1) else { return false }
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "]"))
        case UInt8(ascii: "\"")?: return scanString(decoding: false) != nil
        case UInt8(ascii: "t")?: return skipLiteral("true")
        case UInt8(ascii: "f")?: return skipLiteral("false")
        case UInt8(ascii: "n")?: return skipLiteral("null")
        default: return scanNumber() != nil
        }
    }

    private mutating func skipLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// A number's value; nil if the text is not a JSON number or is too large for a `Double`
    /// (Foundation's JSON parser refuses `1e309` too).
    private mutating func scanNumber() -> Double? {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard let first = peek, isDigit(first) else { return nil }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if consume(UInt8(ascii: ".")) {
            guard let digit = peek, isDigit(digit) else { return nil }
            skipDigits()
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard let digit = peek, isDigit(digit) else { return nil }
            skipDigits()
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        let value = Self.shortDecimal(text) ?? Double(Substring(decoding: text, as: UTF8.self))
        return value?.isFinite == true ? value : nil
    }

    /// The value of a well-formed number without an exponent whose digits make an integer of at
    /// most 2⁵³ with at most 22 of them after the point — what gpsd writes — as that integer
    /// divided by a power of ten: both are exact in a `Double`, so the quotient is the correctly
    /// rounded value, the one `strtod` gives (Clinger's fast path). Nil for any other number.
    private static func shortDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var digits: UInt64 = 0
        var decimals = -1
        for byte in text.dropFirst(text.first == UInt8(ascii: "-") ? 1 : 0) {
            if byte == UInt8(ascii: ".") {
                decimals = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 1 << 49 else { return nil }
            digits = digits * 10 + UInt64(byte - UInt8(ascii: "0"))
            if decimals >= 0 { decimals += 1 }
        }
        guard decimals < powersOfTen.count else { return nil }
        let magnitude = Double(digits) / powersOfTen[max(decimals, 0)]
        return text.first == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    /// 10⁰ to 10²², each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = peek, isDigit(byte) { index += 1 }
    }

    /// Scans a string, returning its text when `decoding` (an empty one otherwise); nil if it is
    /// not well-formed (an unescaped control character, a bad escape, a lone surrogate, or no
    /// closing quote).
    private mutating func scanString(decoding: Bool) -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        var start = index
        var text = ""
        while let byte = peek {
            switch byte {
            case UInt8(ascii: "\""):
                if decoding { text += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) }
                index += 1
                return text
            case UInt8(ascii: "\\"):
                if decoding { text += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) }
                index += 1
                guard let escaped = scanEscape() else { return nil }
                if decoding { text.unicodeScalars.append(escaped) }
                start = index
            case 0..<0x20:
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// The character of the escape after a backslash.
    private mutating func scanEscape() -> Unicode.Scalar? {
        guard let byte = peek else { return nil }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let unit = scanHexUnit() else { return nil }
            switch unit {
            case 0xD800..<0xDC00:
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")), let low = scanHexUnit(),
                    (0xDC00..<0xE000).contains(low)
                else { return nil }
                return Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
            case 0xDC00..<0xE000:
                return nil
            default:
                return Unicode.Scalar(unit)
            }
        default:
            return nil
        }
    }

    /// Four hex digits.
    private mutating func scanHexUnit() -> UInt16? {
        guard bytes.count - index >= 4 else { return nil }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }
}
