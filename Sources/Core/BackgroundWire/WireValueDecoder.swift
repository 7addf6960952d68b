/// The `Decoder` that `Decodable` values are handed: it reads one message's bytes, going down
/// into each nested value and back up, and checks every tag, varint and length against the
/// bytes before it uses it.
///
/// It holds the message's bytes only while ``decodeMessage(_:from:)`` runs. It is used from
/// one thread at a time and no access to its state overlaps another, so that state skips the
/// runtime's exclusivity checks.
final class WireValueDecoder: Decoder {
    @exclusivity(unchecked) var paths = WireCodingPaths()
    var codingPath: [any CodingKey] { paths.stack }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    @exclusivity(unchecked) private(set) var bytes = UnsafeRawBufferPointer(start: nil, count: 0)
    /// The value being decoded: where it starts, where its container ends, and how many
    /// containers enclose it.
    @exclusivity(unchecked) private var position = 0
    @exclusivity(unchecked) private var limit = 0
    @exclusivity(unchecked) private var depth = 0
    /// The keyed container looked up in last (its first entry's offset) and the entry found
    /// there, which the next lookup tries first: synthesized code asks for keys in the order
    /// they were written.
    @exclusivity(unchecked) var hint = (container: -1, entry: 0)
    private var isDecoding = false

    init() {}

    /// A decoder for the value at `offset` of the message `parent` is decoding: a
    /// `superDecoder()`'s.
    init(valueAt offset: Int, limit: Int, depth: Int, codingPath: [any CodingKey], of parent: WireValueDecoder) {
        bytes = parent.bytes
        position = offset
        self.limit = limit
        self.depth = depth
        paths = WireCodingPaths(stack: codingPath)
    }

    /// Decodes the message `bytes`, which must hold one value and nothing after it.
    func decodeMessage<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        guard !isDecoding else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "A WireDecoder was used again while it was decoding"))
        }
        (self.bytes, isDecoding) = (bytes, true)
        defer {
            (self.bytes, isDecoding) = (UnsafeRawBufferPointer(start: nil, count: 0), false)
            paths.reset()
            hint = (-1, 0)
        }
        let end = try end(ofValueAt: 0, limit: bytes.count)
        guard end == bytes.count else { throw WireDecodingError.trailingBytes(count: bytes.count - end, offset: end) }
        if let fields = T.self as? any WireFields.Type {
            var reader = WireReader(decoder: self, from: 0, to: end, depth: 0)
            return try reader.read(fields) as! T
        }
        return try decode(type, at: 0, limit: end, depth: 0, path: WireContainerPath(base: 0), key: nil)
    }

    /// Decodes the value at `offset` in a container that ends at `limit` and encloses `depth`
    /// containers; `path` and `key` are where it sits.
    func decode<T: Decodable>(
        _ type: T.Type, at offset: Int, limit: Int, depth: Int, path: WireContainerPath, key: (any CodingKey)?
    ) throws -> T {
        if let scalar = wireScalarType(T.self) {
            return try read(scalar, as: type, at: offset, limit: limit) { keys(of: path, at: key) }
        }
        if offset < limit, bytes[offset] == WireTag.some.rawValue, let optional = T.self as? any WireOptional.Type {
            return try optional.decodeSome(using: self, at: offset + 1, limit: limit, depth: depth, path: path, key: key) as! T
        }
        let saved = (position, self.limit, self.depth, hint)
        (position, self.limit, self.depth) = (offset, limit, depth)
        paths.enter(path, at: key)
        defer {
            (position, self.limit, self.depth, hint) = saved
            paths.leave(path)
        }
        return try T(from: self)
    }

    /// Reads the value at `offset` as an `S`, which is `T`.
    private func read<S: WireScalar, T>(
        _ scalar: S.Type, as type: T.Type, at offset: Int, limit: Int, path: () -> [any CodingKey]
    ) throws -> T {
        var cursor = offset
        return try S.read(from: self, at: &cursor, limit: limit, path: path) as! T
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let reader = try WireKeyedReader(
            decoder: self, at: position, limit: limit, depth: depth + 1, path: WireContainerPath(base: paths.stack.count))
        return KeyedDecodingContainer(WireKeyedDecodingContainer<Key>(reader: reader))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try WireUnkeyedDecodingContainer(
            decoder: self, at: position, limit: limit, depth: depth + 1, path: WireContainerPath(base: paths.stack.count))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        WireSingleValueDecodingContainer(
            decoder: self, offset: position, limit: limit, depth: depth, path: WireContainerPath(base: paths.stack.count))
    }

    /// The coding path of the value at `key` of a container at `path` (of the container's own
    /// value when nil).
    func keys(of path: WireContainerPath, at key: (any CodingKey)?) -> [any CodingKey] {
        paths.keys(of: path) + (key.map { [$0] } ?? [])
    }
}
