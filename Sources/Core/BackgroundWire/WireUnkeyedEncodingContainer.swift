/// An unkeyed container of a message being encoded: its values in order.
struct WireUnkeyedEncodingContainer: UnkeyedEncodingContainer, WirePrimitiveEncoding {
    let encoder: WireValueEncoder
    let node: Int
    let path: WireContainerPath

    var codingPath: [any CodingKey] { encoder.paths.keys(of: path) }
    var count: Int { encoder.tree.nodes[node].count }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = WireKey.index(count)
        encoder.tree.countEntry(of: node)
        try encoder.encode(value, into: node, path: path, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = WireKey.index(count)
        let writer = WireKeyedWriter(encoder: encoder, node: nest(.keyed), path: encoder.paths.nesting(path, at: key))
        return KeyedEncodingContainer(WireKeyedEncodingContainer<NestedKey>(writer: writer))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = WireKey.index(count)
        return WireUnkeyedEncodingContainer(encoder: encoder, node: nest(.unkeyed), path: encoder.paths.nesting(path, at: key))
    }

    mutating func superEncoder() -> any Encoder {
        let key = WireKey.index(count)
        return WireValueEncoder(tree: encoder.tree, target: nest(nil), codingPath: encoder.paths.keys(of: path, at: key))
    }

    /// Adds what `write` appends as the next value.
    func put(_ write: (inout [UInt8]) -> Void) {
        let tree = encoder.tree
        let start = tree.scratch.count
        write(&tree.scratch)
        tree.attach(from: start, to: node)
        tree.countEntry(of: node)
    }

    /// Adds a new container (`tag`) or slot (nil) as the next value.
    private func nest(_ tag: WireTag?) -> Int {
        let key = WireKey.index(count)
        encoder.tree.countEntry(of: node)
        return encoder.addNode(tag, to: node, path: encoder.paths.keys(of: path, at: key))
    }
}
