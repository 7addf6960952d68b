/// The one value a `Decodable` value is made of, when it is not a container of its own.
struct WireSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: WireValueDecoder
    let offset: Int
    let limit: Int
    let depth: Int
    let path: WireContainerPath

    var codingPath: [any CodingKey] { decoder.paths.keys(of: path) }

    func decodeNil() -> Bool {
        offset < limit && decoder.bytes[offset] == WireTag.null.rawValue
    }

    func decode(_ type: Bool.Type) throws -> Bool { try scalar() }
    func decode(_ type: String.Type) throws -> String { try scalar() }
    func decode(_ type: Double.Type) throws -> Double { try scalar() }
    func decode(_ type: Float.Type) throws -> Float { try scalar() }
    func decode(_ type: Int.Type) throws -> Int { try scalar() }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar() }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar() }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar() }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar() }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar() }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decode(type, at: offset, limit: limit, depth: depth, path: path, key: nil)
    }

    private func scalar<S: WireScalar>() throws -> S {
        var cursor = offset
        return try S.read(from: decoder, at: &cursor, limit: limit) { codingPath }
    }
}
