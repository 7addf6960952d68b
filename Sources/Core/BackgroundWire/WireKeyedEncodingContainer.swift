/// A keyed container of a message being encoded: each method hands its key to the container's
/// ``WireKeyedWriter``.
struct WireKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: WireKeyedWriter

    var codingPath: [any CodingKey] { writer.codingPath }

    mutating func encodeNil(forKey key: Key) throws { writer.put(key) { $0.append(WireTag.null.rawValue) } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: String, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { writer.put(key) { value.write(to: &$0) } }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try writer.encode(value, key) }

    /// Nothing when `value` is nil; else `value` written as an `Optional<T>`, so that a `T?`
    /// property that holds `.some(nil)` reads back as written.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard value != nil else { return }
        try writer.encode(value, key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(WireKeyedEncodingContainer<NestedKey>(writer: writer.nested(at: key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { writer.nestedUnkeyed(at: key) }
    mutating func superEncoder() -> any Encoder { writer.superEncoder(at: WireKey.super) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { writer.superEncoder(at: key) }
}
