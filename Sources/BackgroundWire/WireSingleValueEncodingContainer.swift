/// The one value an `Encodable` value is made of, when it is not a container of its own.
struct WireSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: WireValueEncoder
    let node: Int
    let path: WireContainerPath

    var codingPath: [any CodingKey] { encoder.paths.keys(of: path) }

    mutating func encodeNil() throws { put { $0.append(WireTag.null.rawValue) } }
    mutating func encode(_ value: Bool) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: String) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Double) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Float) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Int) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Int8) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Int16) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Int32) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: Int64) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: UInt) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: UInt8) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: UInt16) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: UInt32) throws { put { value.write(to: &$0) } }
    mutating func encode(_ value: UInt64) throws { put { value.write(to: &$0) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.claimSingleValue()
        try encoder.encode(value, into: node, path: path, key: nil)
    }

    private func put(_ write: (inout [UInt8]) -> Void) {
        encoder.claimSingleValue()
        let tree = encoder.tree
        let start = tree.scratch.count
        write(&tree.scratch)
        tree.attach(from: start, to: node)
    }
}
