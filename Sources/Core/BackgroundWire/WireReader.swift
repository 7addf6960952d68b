/// Where a ``WireFields`` value reads its fields back, in the order it wrote them: each is
/// checked as any value of the format is (its tag, its length against the bytes left in the
/// value), and one that is not a scalar or a ``WireFields`` value is read in its `Codable` form.
struct WireReader {
    private let decoder: WireValueDecoder
    /// Where the next field starts.
    private(set) var offset: Int
    /// Where the value's fields end.
    private let limit: Int
    /// How many containers and values' fields enclose the fields.
    private let depth: Int

    /// A reader of the fields from `offset` to `limit` of the message `decoder` holds.
    init(decoder: WireValueDecoder, from offset: Int, to limit: Int, depth: Int) {
        self.decoder = decoder
        self.offset = offset
        self.limit = limit
        self.depth = depth
    }

    mutating func read<S: WireScalar>(_ type: S.Type) throws -> S {
        try S.read(from: decoder, at: &offset, limit: limit) { [] }
    }

    mutating func read<S: WireScalar>(_ type: S?.Type) throws -> S? {
        try readNil() ? nil : read(S.self)
    }

    /// Reads values written by `WireWriter`'s `write(each:)`: their count, then each.
    mutating func read<S: WireScalar>(each type: S.Type) throws -> [S] {
        let start = offset
        let count = try read(Int.self)
        guard count >= 0, count <= limit - offset else {  // each value takes a byte at least
            throw WireDecodingError.countTooLarge(count: UInt64(bitPattern: Int64(count)), byteLength: limit - offset, offset: start)
        }
        var values: [S] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(S.self)) }
        return values
    }

    /// Reads an enum's case written by its number.
    mutating func read<Case: RawRepresentable<Int>>(case type: Case.Type) throws -> Case {
        let start = offset
        let number = try read(Int.self)
        guard let value = Case(rawValue: number) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "\(number) at byte \(start) is not a case of \(String(reflecting: Case.self))"))
        }
        return value
    }

    /// Reads a `T` in its own form, or in its `Codable` form if it was written so.
    mutating func read<T: WireFields>(_ type: T.Type) throws -> T {
        guard offset < limit, decoder.bytes[offset] == WireTag.fields.rawValue else { return try read(codable: T.self) }
        guard depth < WireEncoder.maximumDepth else {
            throw WireDecodingError.tooDeep(limit: WireEncoder.maximumDepth, offset: offset)
        }
        var cursor = offset + 1
        let fields = try decoder.counted(at: &cursor, limit: limit)
        var reader = WireReader(decoder: decoder, from: cursor - fields.count, to: cursor, depth: depth + 1)
        let value = try T(fields: &reader)
        guard reader.offset == cursor else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "\(cursor - reader.offset) bytes follow the fields of \(T.self) at byte \(offset)"))
        }
        offset = cursor
        return value
    }

    mutating func read<T: WireFields>(_ type: T?.Type) throws -> T? {
        try readNil() ? nil : read(T.self)
    }

    /// Reads a `T` in its `Codable` form.
    mutating func read<T: Decodable>(codable type: T.Type) throws -> T {
        let end = try decoder.end(ofValueAt: offset, limit: limit)
        let value = try decoder.decode(T.self, at: offset, limit: end, depth: depth, path: WireContainerPath(base: 0), key: nil)
        offset = end
        return value
    }

    /// Moves past a nil if one is next; whether one was.
    private mutating func readNil() throws -> Bool {
        guard try decoder.tag(at: offset, limit: limit) == .null else { return false }
        offset += 1
        return true
    }
}
