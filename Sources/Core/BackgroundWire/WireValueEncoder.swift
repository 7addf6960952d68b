/// The `Encoder` that `Encodable` values are handed: it adds what they encode to a
/// ``WireTree``, going down into each nested value and back up. One serves a whole message;
/// `superEncoder()` makes another for its slot. Like its tree, it is used from one thread at a
/// time and its state skips the runtime's exclusivity checks.
final class WireValueEncoder: Encoder {
    let tree: WireTree
    @exclusivity(unchecked) var paths: WireCodingPaths
    var codingPath: [any CodingKey] { paths.stack }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The node the value being encoded goes into.
    @exclusivity(unchecked) private var target: Int
    /// The container that value opened, which asking again returns (-1: none yet).
    @exclusivity(unchecked) private var opened = -1
    /// Whether that value has written anything.
    @exclusivity(unchecked) private var wrote = false

    /// An encoder whose values go into the node `target` of `tree`, at `codingPath`.
    init(tree: WireTree, target: Int, codingPath: [any CodingKey]) {
        self.tree = tree
        self.target = target
        paths = WireCodingPaths(stack: codingPath)
    }

    /// Encodes `value` as the next item of `node`, a container at `path` (the value's own
    /// place when `key` is nil).
    func encode<T: Encodable>(_ value: T, into node: Int, path: WireContainerPath, key: (any CodingKey)?) throws {
        let start = tree.scratch.count
        if let scalar = wireScalarType(T.self) {
            write(value, as: scalar)
            tree.attach(from: start, to: node)
            return
        }
        let saved = (target, opened, wrote)
        (target, opened, wrote) = (node, -1, false)
        paths.enter(path, at: key)
        defer {
            (target, opened, wrote) = saved
            paths.leave(path)
        }
        try value.encode(to: self)
        if !wrote {  // as JSON writes {}
            tree.scratch.append(contentsOf: [WireTag.keyed.rawValue, 1, 0])
            tree.attach(from: start, to: node)
        }
        // `.some(x)` where x was written as nil: the `some` tag tells it from nil.
        if tree.endsWithNil(from: start, in: node), let optional = value as? any WireOptional, !optional.isNone {
            tree.insertSome(at: start, in: node)
        }
    }

    /// Forgets the message's paths.
    func reset() {
        paths.reset()
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let writer = WireKeyedWriter(encoder: self, node: open(.keyed), path: WireContainerPath(base: paths.stack.count))
        return KeyedEncodingContainer(WireKeyedEncodingContainer<Key>(writer: writer))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        WireUnkeyedEncodingContainer(encoder: self, node: open(.unkeyed), path: WireContainerPath(base: paths.stack.count))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        WireSingleValueEncodingContainer(encoder: self, node: target, path: WireContainerPath(base: paths.stack.count))
    }

    /// Notes that the value being encoded writes its single value now.
    func claimSingleValue() {
        if wrote { noteMisuse("A value was encoded twice at the same place") }
        wrote = true
    }

    /// Adds a container (`tag`) or a slot (nil) as the next item of `parent`, a container at
    /// `path`, noting one nested too deep.
    func addNode(_ tag: WireTag?, to parent: Int, path: @autoclosure () -> [any CodingKey]) -> Int {
        let node = tree.addNode(tag, to: parent)
        if tree.nodes[node].depth > WireEncoder.maximumDepth {
            noteMisuse("Containers nest deeper than \(WireEncoder.maximumDepth)", path: path())
        }
        return node
    }

    /// Writes `value`, an `S`, to the scratch buffer.
    private func write<S: WireScalar>(_ value: some Any, as type: S.Type) {
        (value as! S).write(to: &tree.scratch)
    }

    /// The container the value being encoded keeps its contents in: a new one, or the one it
    /// opened before, as JSONEncoder merges a subclass's keys with its superclass's.
    private func open(_ tag: WireTag) -> Int {
        if opened >= 0 {
            guard tree.nodes[opened].tag != tag else { return opened }
            noteMisuse("A value asked for a keyed and an unkeyed container at the same place")
        } else if wrote {
            noteMisuse("A value asked for a container after encoding a single value at the same place")
        }
        wrote = true
        opened = addNode(tag, to: target, path: paths.stack)
        return opened
    }

    private func noteMisuse(_ description: String, path: [any CodingKey]? = nil) {
        guard tree.misuse == nil else { return }
        tree.misuse = .invalidValue((), .init(codingPath: path ?? paths.stack, debugDescription: description))
    }
}
