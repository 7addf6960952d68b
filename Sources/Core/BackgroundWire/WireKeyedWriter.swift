/// A keyed container of a message being encoded, for any key type: what
/// ``WireKeyedEncodingContainer`` does, kept out of the generic type so that it is compiled
/// once rather than run with the key type's metadata on every call. Each entry is its key's
/// string value, then the value.
struct WireKeyedWriter {
    let encoder: WireValueEncoder
    let node: Int
    let path: WireContainerPath

    var codingPath: [any CodingKey] { encoder.paths.keys(of: path) }

    /// Adds an entry: `key`, then what `write` appends.
    func put(_ key: some CodingKey, _ write: (inout [UInt8]) -> Void) {
        let tree = encoder.tree
        let start = tree.scratch.count
        tree.scratch.appendText(key.stringValue)
        write(&tree.scratch)
        tree.attach(from: start, to: node)
        tree.countEntry(of: node)
    }

    func encode<T: Encodable>(_ value: T, _ key: some CodingKey) throws {
        put(key) { _ in }
        try encoder.encode(value, into: node, path: path, key: key)
    }

    func nested(at key: some CodingKey) -> WireKeyedWriter {
        WireKeyedWriter(encoder: encoder, node: nest(.keyed, at: key), path: encoder.paths.nesting(path, at: key))
    }

    func nestedUnkeyed(at key: some CodingKey) -> WireUnkeyedEncodingContainer {
        WireUnkeyedEncodingContainer(encoder: encoder, node: nest(.unkeyed, at: key), path: encoder.paths.nesting(path, at: key))
    }

    func superEncoder(at key: some CodingKey) -> WireValueEncoder {
        WireValueEncoder(tree: encoder.tree, target: nest(nil, at: key), codingPath: encoder.paths.keys(of: path, at: key))
    }

    /// Adds an entry at `key` whose value is a new container (`tag`) or slot (nil).
    private func nest(_ tag: WireTag?, at key: some CodingKey) -> Int {
        put(key) { _ in }
        return encoder.addNode(tag, to: node, path: encoder.paths.keys(of: path, at: key))
    }
}
