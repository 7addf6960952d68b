/// A keyed container of a message being decoded: each method hands its key to the container's
/// ``WireKeyedReader``.
struct WireKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: WireKeyedReader

    var codingPath: [any CodingKey] { reader.codingPath }

    /// The keys of the entries, up to the first entry that is not well formed (decoding its
    /// value throws why).
    var allKeys: [Key] {
        var keys: [Key] = []
        reader.forEachKey { name in
            if let key = Key(stringValue: name) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { (try? reader.find(key)) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { try reader.isNil(key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reader.scalar(key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try reader.scalar(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try reader.scalar(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try reader.scalar(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try reader.scalar(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try reader.scalar(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try reader.scalar(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try reader.scalar(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try reader.scalar(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try reader.scalar(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try reader.scalar(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try reader.scalar(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try reader.scalar(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try reader.scalar(key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try reader.decode(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try reader.decodeIfPresent(type, key) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(WireKeyedDecodingContainer<NestedKey>(reader: try reader.nested(at: key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try reader.nestedUnkeyed(at: key) }
    func superDecoder() throws -> any Decoder { try reader.superDecoder(at: WireKey.super) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try reader.superDecoder(at: key) }
}
