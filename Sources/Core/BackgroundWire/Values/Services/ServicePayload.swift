
/// A service's call, answer or event on the link: the value itself while it stays in one
/// process, its encoding once it has crossed to another (``BackgroundWire``), read back by the
/// side that knows its type. A value is encoded once, when its message is.
package struct ServicePayload: Sendable {
    private enum Storage: Sendable {
        case value(any Codable & Sendable)
        case bytes([UInt8])
    }

    private let storage: Storage

    /// `value`, as it is.
    package init(_ value: some Codable & Sendable) {
        storage = .value(value)
    }

    /// `value`, as it is.
    package init(any value: any Codable & Sendable) {
        storage = .value(value)
    }

    /// The payload as `T`; nil when it is not one (its bytes do not read as one).
    package func decode<T: Codable & Sendable>(_ type: T.Type) -> T? {
        switch storage {
        case .value(let value): value as? T
        case .bytes(let bytes): try? WireDecoder().decode(type, from: bytes)
        }
    }

    /// The payload's encoding.
    package var bytes: [UInt8] {
        switch storage {
        case .value(let value): (try? WireEncoder().encode(value)) ?? []
        case .bytes(let bytes): bytes
        }
    }
}

extension ServicePayload: Codable {
    package init(from decoder: any Decoder) throws {
        storage = .bytes(try decoder.singleValueContainer().decode([UInt8].self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(bytes)
    }
}

/// In a message written field by field (``WireFields``).
extension ServicePayload {
    /// Writes the payload's encoding as bytes, encoding a value with the message's own encoder.
    func write(to writer: inout WireWriter) throws {
        switch storage {
        case .value(let value): try writer.write(encodingOf: value)
        case .bytes(let bytes): writer.write(bytes)
        }
    }

    /// The payload ``write(to:)`` wrote.
    init(fields reader: inout WireReader) throws {
        storage = .bytes(try reader.read([UInt8].self))
    }
}

extension ServicePayload: Equatable {
    /// Two payloads are equal when their encodings are.
    package static func == (lhs: ServicePayload, rhs: ServicePayload) -> Bool {
        lhs.bytes == rhs.bytes
    }
}
