/// What the wire needs to know of an `Optional` to tell `.some(nil)` from `nil` (the `some`
/// tag, see ``WireEncoder``): whether a value is `nil`, and how to wrap a decoded value.
protocol WireOptional {
    var isNone: Bool { get }

    /// Decodes the wrapped value at `offset` (after a `some` tag) and wraps it.
    static func decodeSome(
        using decoder: WireValueDecoder, at offset: Int, limit: Int, depth: Int, path: WireContainerPath,
        key: (any CodingKey)?
    ) throws -> Self
}

extension Optional: WireOptional {
    var isNone: Bool { self == nil }

    static func decodeSome(
        using decoder: WireValueDecoder, at offset: Int, limit: Int, depth: Int, path: WireContainerPath,
        key: (any CodingKey)?
    ) throws -> Self {
        guard let wrapped = Wrapped.self as? any Decodable.Type else {  // never: only a Decodable Optional gets here
            throw DecodingError.typeMismatch(
                Self.self, .init(codingPath: decoder.keys(of: path, at: key), debugDescription: "\(Wrapped.self) is not Decodable"))
        }
        return .some(try decoder.decode(wrapped, at: offset, limit: limit, depth: depth, path: path, key: key) as! Wrapped)
    }
}
