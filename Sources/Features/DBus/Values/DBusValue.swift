/// One value of the D-Bus type system, as a message carries it: the basic types, arrays,
/// dictionary entries, structs and variants.
///
/// An array knows its element's signature, so that an empty one is still typed; a dictionary
/// is an array of ``dictEntry(_:_:)``, e.g. `a{sv}`:
///
///     .array(elementSignature: "{sv}", [.dictEntry(.string("Identity"), .variant(.string("TheBackgrounder")))])
public indirect enum DBusValue: Sendable, Equatable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    /// An object path, e.g. `/org/mpris/MediaPlayer2`.
    case objectPath(String)
    /// A type signature, e.g. `a{sv}`.
    case signature(String)
    case array(elementSignature: String, [DBusValue])
    case dictEntry(DBusValue, DBusValue)
    case structure([DBusValue])
    case variant(DBusValue)

    /// The value's type signature.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    /// A dictionary of strings to variants (`a{sv}`), in the order given.
    public static func stringVariantDictionary(_ entries: [(String, DBusValue)]) -> DBusValue {
        .array(elementSignature: "{sv}", entries.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// An array of strings (`as`).
    public static func strings(_ strings: [String]) -> DBusValue {
        .array(elementSignature: "s", strings.map(DBusValue.string))
    }
}
