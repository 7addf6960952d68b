/// The byte that starts every value in the wire format (see ``WireEncoder``).
enum WireTag: UInt8 {
    case null = 0x00
    case `false` = 0x01
    case `true` = 0x02
    case signed = 0x03
    case unsigned = 0x04
    case double = 0x05
    case string = 0x06
    case bytes = 0x07
    case keyed = 0x08
    case unkeyed = 0x09
    case some = 0x0A
    /// A ``WireFields`` value's own form.
    case fields = 0x0B

    /// What a value of this tag is, for error messages.
    var name: String {
        switch self {
        case .null: "nil"
        case .false, .true: "a Bool"
        case .signed: "a signed integer"
        case .unsigned: "an unsigned integer"
        case .double: "a floating-point number"
        case .string: "a string"
        case .bytes: "bytes"
        case .keyed: "a keyed container"
        case .unkeyed: "an unkeyed container"
        case .some: "an optional's value"
        case .fields: "a value's fields"
        }
    }
}
