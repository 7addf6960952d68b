/// An unkeyed container of a message being decoded: its values in order, as many as its count.
struct WireUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    private let decoder: WireValueDecoder
    private let end: Int
    private let elements: Int
    private let depth: Int
    private let path: WireContainerPath
    /// Where the value at ``currentIndex`` starts.
    private var offset: Int
    private(set) var currentIndex = 0

    /// Opens the unkeyed container at `offset`, which encloses `depth` containers, itself
    /// included.
    init(decoder: WireValueDecoder, at offset: Int, limit: Int, depth: Int, path: WireContainerPath) throws {
        self.decoder = decoder
        self.depth = depth
        self.path = path
        (self.offset, end, elements) = try decoder.openContainer(.unkeyed, at: offset, limit: limit, depth: depth) {
            decoder.paths.keys(of: path)
        }
    }

    var codingPath: [any CodingKey] { decoder.paths.keys(of: path) }
    var count: Int? { elements }
    var isAtEnd: Bool { currentIndex >= elements }

    mutating func decodeNil() throws -> Bool {
        try checkNotAtEnd(Any?.self)
        guard try decoder.tag(at: offset, limit: end) == .null else { return false }
        offset += 1
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar() }
    mutating func decode(_ type: String.Type) throws -> String { try scalar() }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar() }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar() }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar() }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let next = try end(ofNext: type)
        let value = try decoder.decode(type, at: offset, limit: end, depth: depth, path: path, key: WireKey.index(currentIndex))
        step(to: next)
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let next = try end(ofNext: [String: Any].self)
        let reader = try WireKeyedReader(
            decoder: decoder, at: offset, limit: end, depth: depth + 1, path: decoder.paths.nesting(path, at: WireKey.index(currentIndex)))
        step(to: next)
        return KeyedDecodingContainer(WireKeyedDecodingContainer<NestedKey>(reader: reader))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let next = try end(ofNext: [Any].self)
        let container = try WireUnkeyedDecodingContainer(
            decoder: decoder, at: offset, limit: end, depth: depth + 1, path: decoder.paths.nesting(path, at: WireKey.index(currentIndex)))
        step(to: next)
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let next = try end(ofNext: (any Decoder).self)
        let superDecoder = WireValueDecoder(
            valueAt: offset, limit: end, depth: depth, codingPath: decoder.paths.keys(of: path, at: WireKey.index(currentIndex)), of: decoder)
        step(to: next)
        return superDecoder
    }

    /// Where the next value, to be read as a `type`, ends; a value is not taken until it is read.
    private func end(ofNext type: Any.Type) throws -> Int {
        try checkNotAtEnd(type)
        return try decoder.end(ofValueAt: offset, limit: end)
    }

    private mutating func step(to next: Int) {
        offset = next
        currentIndex += 1
    }

    private mutating func scalar<S: WireScalar>() throws -> S {
        try checkNotAtEnd(S.self)
        var cursor = offset
        let index = currentIndex
        let value = try S.read(from: decoder, at: &cursor, limit: end) { decoder.paths.keys(of: path, at: WireKey.index(index)) }
        offset = cursor
        currentIndex += 1
        return value
    }

    private func checkNotAtEnd(_ type: Any.Type) throws {
        guard isAtEnd else { return }
        throw DecodingError.valueNotFound(
            type,
            .init(
                codingPath: decoder.paths.keys(of: path, at: WireKey.index(currentIndex)),
                debugDescription: "The unkeyed container has only \(elements) values"))
    }
}
