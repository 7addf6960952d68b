import Foundation

/// A keyed container of a message being decoded, for any key type: what
/// ``WireKeyedDecodingContainer`` does, kept out of the generic type so that it is compiled
/// once rather than run with the key type's metadata on every call.
///
/// It finds a key by walking the entries, skipping each value by its length, and tries the
/// entry found last and the one after it first, so that keys asked for in the order they were
/// written cost one step each.
struct WireKeyedReader {
    let decoder: WireValueDecoder
    private let start: Int
    private let end: Int
    private let count: Int
    private let depth: Int
    let path: WireContainerPath

    /// Opens the keyed container at `offset`, which encloses `depth` containers, itself included.
    init(decoder: WireValueDecoder, at offset: Int, limit: Int, depth: Int, path: WireContainerPath) throws {
        self.decoder = decoder
        self.depth = depth
        self.path = path
        (start, end, count) = try decoder.openContainer(.keyed, at: offset, limit: limit, depth: depth) {
            decoder.paths.keys(of: path)
        }
    }

    var codingPath: [any CodingKey] { decoder.paths.keys(of: path) }

    /// Calls `body` with each entry's key, up to the first entry that is not well formed
    /// (decoding its value throws why).
    func forEachKey(_ body: (String) -> Void) {
        var offset = start
        while offset < end, let name = try? name(at: offset) {
            body(String(decoding: name.bytes, as: UTF8.self))
            guard let next = try? decoder.end(ofValueAt: name.value, limit: end) else { return }
            offset = next
        }
    }

    func isNil(_ key: some CodingKey) throws -> Bool {
        try decoder.tag(at: try valueOffset(key), limit: end) == .null
    }

    func scalar<S: WireScalar>(_ key: some CodingKey) throws -> S {
        var offset = try valueOffset(key)
        return try S.read(from: decoder, at: &offset, limit: end) { decoder.paths.keys(of: path, at: key) }
    }

    func decode<T: Decodable>(_ type: T.Type, _ key: some CodingKey) throws -> T {
        try decoder.decode(type, at: try valueOffset(key), limit: end, depth: depth, path: path, key: key)
    }

    /// Nil when the key is absent; else the value read as an `Optional<T>`, so that a `T?`
    /// property that holds `.some(nil)` reads back as written.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, _ key: some CodingKey) throws -> T? {
        guard let offset = try find(key) else { return nil }
        return try decoder.decode(T?.self, at: offset, limit: end, depth: depth, path: path, key: key)
    }

    func nested(at key: some CodingKey) throws -> WireKeyedReader {
        try WireKeyedReader(
            decoder: decoder, at: try valueOffset(key), limit: end, depth: depth + 1, path: decoder.paths.nesting(path, at: key))
    }

    func nestedUnkeyed(at key: some CodingKey) throws -> WireUnkeyedDecodingContainer {
        try WireUnkeyedDecodingContainer(
            decoder: decoder, at: try valueOffset(key), limit: end, depth: depth + 1, path: decoder.paths.nesting(path, at: key))
    }

    func superDecoder(at key: some CodingKey) throws -> WireValueDecoder {
        WireValueDecoder(
            valueAt: try valueOffset(key), limit: end, depth: depth, codingPath: decoder.paths.keys(of: path, at: key), of: decoder)
    }

    /// Where the value of the entry named `key` starts, or nil if there is none.
    func find(_ key: some CodingKey) throws -> Int? {
        var wanted = key.stringValue
        return try wanted.withUTF8 { utf8 in
            let wanted = UnsafeRawBufferPointer(utf8)
            var offset = start
            if decoder.hint.container == start {  // the entry found last, then the one after it
                let last = try name(at: decoder.hint.entry)
                if Self.same(last.bytes, wanted) { return last.value }
                offset = try decoder.end(ofValueAt: last.value, limit: end)
                if offset < end {
                    let next = try name(at: offset)
                    if Self.same(next.bytes, wanted) {
                        decoder.hint.entry = offset
                        return next.value
                    }
                }
                offset = start
            }
            while offset < end {
                let name = try name(at: offset)
                if Self.same(name.bytes, wanted) {
                    decoder.hint = (start, offset)
                    return name.value
                }
                offset = try decoder.end(ofValueAt: name.value, limit: end)
            }
            return nil
        }
    }

    private func valueOffset(_ key: some CodingKey) throws -> Int {
        guard let offset = try find(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription: "No value for the key \"\(key.stringValue)\" in the keyed container that ends at byte \(end)"))
        }
        return offset
    }

    /// The key of the entry at `offset`, and where its value starts.
    private func name(at offset: Int) throws -> (bytes: UnsafeRawBufferPointer, value: Int) {
        var cursor = offset
        let bytes = try decoder.counted(at: &cursor, limit: end)
        return (bytes, cursor)
    }

    private static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }
}
