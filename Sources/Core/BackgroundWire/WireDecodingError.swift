/// Bytes that are not the wire format (see ``WireEncoder``): what was wrong, and at which byte
/// offset from the start of the message.
///
/// Well-formed bytes that do not fit the type asked for throw Swift's `DecodingError`
/// instead (`typeMismatch`, `valueNotFound`, `keyNotFound`, `dataCorrupted` for a number that
/// does not fit its type), with the coding path and the byte offset in its description.
public enum WireDecodingError: Error, Equatable, CustomStringConvertible {
    /// A value starts at `offset` but the bytes (or its container) end before it does.
    case truncated(offset: Int)
    /// A tag byte the format does not define.
    case unknownTag(UInt8, offset: Int)
    /// A varint longer than 10 bytes, or one whose tenth byte overflows 64 bits.
    case malformedVarint(offset: Int)
    /// A byte length, read at `offset`, longer than the `available` bytes left in the message
    /// or in the container around it.
    case lengthPastEnd(length: UInt64, available: Int, offset: Int)
    /// A container's count, read at `offset`, larger than its bytes could hold.
    case countTooLarge(count: UInt64, byteLength: Int, offset: Int)
    /// A container at `offset` nested deeper than ``WireEncoder/maximumDepth``.
    case tooDeep(limit: Int, offset: Int)
    /// A string at `offset` that is not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// Bytes left over after the message's value, which ends at `offset`.
    case trailingBytes(count: Int, offset: Int)

    /// Where in the message the fault is.
    public var offset: Int {
        switch self {
        case .truncated(let offset), .unknownTag(_, let offset), .malformedVarint(let offset),
            .lengthPastEnd(_, _, let offset), .countTooLarge(_, _, let offset), .tooDeep(_, let offset),
            .invalidUTF8(let offset), .trailingBytes(_, let offset):
            offset
        }
    }

    public var description: String {
        switch self {
        case .truncated(let offset):
            "the value at byte \(offset) runs past the end of the message or of its container"
        case .unknownTag(let tag, let offset):
            "unknown tag 0x\(String(tag, radix: 16)) at byte \(offset)"
        case .malformedVarint(let offset):
            "the varint at byte \(offset) is longer than 10 bytes or overflows 64 bits"
        case .lengthPastEnd(let length, let available, let offset):
            "the length \(length) at byte \(offset) points past the end: only \(available) bytes are left"
        case .countTooLarge(let count, let byteLength, let offset):
            "the count \(count) at byte \(offset) is more than \(byteLength) bytes can hold"
        case .tooDeep(let limit, let offset):
            "the container at byte \(offset) nests deeper than \(limit) containers"
        case .invalidUTF8(let offset):
            "the string at byte \(offset) is not valid UTF-8"
        case .trailingBytes(let count, let offset):
            "\(count) bytes follow the message's value, which ends at byte \(offset)"
        }
    }
}
