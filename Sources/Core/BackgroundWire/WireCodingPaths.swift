/// A coder's coding path: a stack of keys, on which the coder pushes a key while it codes a
/// value in a container and pops it after, and the keys that nested containers add, which no
/// call pushes. Containers keep a ``WireContainerPath`` into it.
///
/// While a container is in use, the stack's first `base` keys are the path to its value, so a
/// count is all it needs to keep; a container kept and used after its value is done may name a
/// wrong path in an error, never code a wrong value.
struct WireCodingPaths {
    /// The path of the value being coded.
    private(set) var stack: [any CodingKey]
    /// Each nested container's key, and the entry of the nested container it is in (-1: none).
    private var nested: [(key: any CodingKey, outer: Int)] = []

    init(stack: [any CodingKey] = []) {
        self.stack = stack
    }

    /// The path of the container at `path`.
    func keys(of path: WireContainerPath) -> [any CodingKey] {
        Array(stack.prefix(path.base)) + nestedKeys(path.nested)
    }

    /// The path of the value at `key` of the container at `path`.
    func keys(of path: WireContainerPath, at key: some CodingKey) -> [any CodingKey] {
        keys(of: path) + [key]
    }

    /// The path of a container nested at `key` in the container at `path`.
    mutating func nesting(_ path: WireContainerPath, at key: any CodingKey) -> WireContainerPath {
        nested.append((key, path.nested))
        return WireContainerPath(base: path.base, nested: nested.count - 1)
    }

    /// Makes the stack the path of the value at `key` of the container at `path` (of the
    /// container's own value when nil); call ``leave(_:)`` after coding it.
    mutating func enter(_ path: WireContainerPath, at key: (any CodingKey)?) {
        leave(path)
        if path.nested >= 0 { stack.append(contentsOf: nestedKeys(path.nested)) }
        if let key { stack.append(key) }
    }

    /// Takes back what ``enter(_:at:)`` pushed.
    mutating func leave(_ path: WireContainerPath) {
        while stack.count > path.base { stack.removeLast() }
    }

    /// Forgets a message's paths, keeping the storage.
    mutating func reset() {
        stack.removeAll(keepingCapacity: true)
        nested.removeAll(keepingCapacity: true)
    }

    private func nestedKeys(_ entry: Int) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var entry = entry
        while entry >= 0 {
            keys.append(nested[entry].key)
            entry = nested[entry].outer
        }
        return keys.reversed()
    }
}
