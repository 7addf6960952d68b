/// The one value an `Encodable` value is made of, when it is not a container of its own.
struct WireSingleValueEncodingContainer: SingleValueEncodingContainer, WirePrimitiveEncoding {
    let encoder: WireValueEncoder
    let node: Int
    let path: WireContainerPath

    var codingPath: [any CodingKey] { encoder.paths.keys(of: path) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.claimSingleValue()
        try encoder.encode(value, into: node, path: path, key: nil)
    }

    func put(_ write: (inout [UInt8]) -> Void) {
        encoder.claimSingleValue()
        let tree = encoder.tree
        let start = tree.scratch.count
        write(&tree.scratch)
        tree.attach(from: start, to: node)
    }
}
