/// Decodes values from Backgrounder's wire format (see ``WireEncoder``).
///
/// Bytes from the other process are not trusted: every tag, varint and length is checked
/// against the bytes before it is used, nothing is reserved that the bytes could not fill,
/// and containers nest at most ``WireEncoder/maximumDepth`` deep. Bytes that are not the
/// format throw a ``WireDecodingError`` naming the fault and its byte offset; well-formed bytes
/// of the wrong shape throw `DecodingError`, as any decoder does.
///
/// Keep one per connection: it reuses its coding-path storage. A decoder is not for use from
/// two threads at once.
public final class WireDecoder {
    private let decoder = WireValueDecoder()

    /// A decoder, to keep and reuse.
    public init() {}

    /// Decodes a `type` from `bytes`, which must hold exactly one value.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        try decoder.decodeMessage(type, from: bytes)
    }

    /// Decodes a `type` from `bytes`, which must hold exactly one value.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0) }
    }

    /// Decodes a `type` from `bytes`, which must hold exactly one value; offsets in errors
    /// count from the slice's start.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: ArraySlice<UInt8>) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0) }
    }
}
