/// Reading the format's parts, each checked against the bytes before it is used.
extension WireValueDecoder {
    /// The tag at `offset`.
    func tag(at offset: Int, limit: Int) throws -> WireTag {
        guard offset < limit else { throw WireDecodingError.truncated(offset: offset) }
        guard let tag = WireTag(rawValue: bytes[offset]) else {
            throw WireDecodingError.unknownTag(bytes[offset], offset: offset)
        }
        return tag
    }

    /// The tag at `offset`, if `accepts` it; else the `DecodingError` for reading a `type` there.
    func expect(
        _ type: Any.Type, at offset: Int, limit: Int, path: () -> [any CodingKey], accepts: (WireTag) -> Bool
    ) throws -> WireTag {
        let tag = try tag(at: offset, limit: limit)
        guard !accepts(tag) else { return tag }
        let context = DecodingError.Context(
            codingPath: path(), debugDescription: "Expected \(type) but found \(tag.name) at byte \(offset)")
        throw tag == .null ? DecodingError.valueNotFound(type, context) : DecodingError.typeMismatch(type, context)
    }

    /// The varint at `offset`, moving `offset` past it.
    func varint(at offset: inout Int, limit: Int) throws -> UInt64 {
        if offset < limit, bytes[offset] < 0x80 {  // one byte: most lengths, counts and numbers
            offset += 1
            return UInt64(bytes[offset - 1])
        }
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < limit else { throw WireDecodingError.truncated(offset: start) }
            let byte = bytes[offset]
            offset += 1
            guard shift < 63 || byte <= 1 else { throw WireDecodingError.malformedVarint(offset: start) }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// The varint byte length at `offset` and the bytes it counts, moving `offset` past them.
    func counted(at offset: inout Int, limit: Int) throws -> UnsafeRawBufferPointer {
        let start = offset
        let length = try varint(at: &offset, limit: limit)
        guard length <= limit - offset else {
            throw WireDecodingError.lengthPastEnd(length: length, available: limit - offset, offset: start)
        }
        defer { offset += Int(length) }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(length)])
    }

    /// Where the value at `offset` ends, found without decoding it.
    func end(ofValueAt offset: Int, limit: Int) throws -> Int {
        var cursor = offset
        while true {
            let tag = try tag(at: cursor, limit: limit)
            cursor += 1
            switch tag {
            case .some: continue  // the value follows
            case .null, .false, .true: return cursor
            case .signed, .unsigned: _ = try varint(at: &cursor, limit: limit)
            case .double:
                guard limit - cursor >= 8 else { throw WireDecodingError.truncated(offset: offset) }
                cursor += 8
            case .string, .bytes, .keyed, .unkeyed, .fields: _ = try counted(at: &cursor, limit: limit)
            }
            return cursor
        }
    }

    /// Opens the container (`tag`) at `offset`, checking its length, count and depth: returns
    /// where its first entry starts, where it ends, and its count.
    func openContainer(
        _ tag: WireTag, at offset: Int, limit: Int, depth: Int, path: () -> [any CodingKey]
    ) throws -> (start: Int, end: Int, count: Int) {
        let type: Any.Type = tag == .keyed ? [String: Any].self : [Any].self
        _ = try expect(type, at: offset, limit: limit, path: path) { $0 == tag }
        guard depth <= WireEncoder.maximumDepth else {
            throw WireDecodingError.tooDeep(limit: WireEncoder.maximumDepth, offset: offset)
        }
        var cursor = offset + 1
        let content = try counted(at: &cursor, limit: limit)
        let end = cursor
        cursor -= content.count
        let countOffset = cursor
        let count = try varint(at: &cursor, limit: end)
        guard count <= UInt64((end - cursor) / (tag == .keyed ? 2 : 1)) else {
            throw WireDecodingError.countTooLarge(count: count, byteLength: content.count, offset: countOffset)
        }
        return (cursor, end, Int(count))
    }

    /// Reads an integer of type `I` at `offset`, written signed or unsigned.
    func readInteger<I: FixedWidthInteger>(at offset: inout Int, limit: Int, path: () -> [any CodingKey]) throws -> I {
        let start = offset
        let tag = try expect(I.self, at: offset, limit: limit, path: path) { $0 == .signed || $0 == .unsigned }
        offset += 1
        let raw = try varint(at: &offset, limit: limit)
        let signed = Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        guard let value = tag == .signed ? I(exactly: signed) : I(exactly: raw) else {
            let number = tag == .signed ? String(signed) : String(raw)
            throw DecodingError.dataCorrupted(
                .init(codingPath: path(), debugDescription: "The number \(number) at byte \(start) does not fit in \(I.self)"))
        }
        return value
    }

    /// Reads a `Double` at `offset`, for a value of `type`.
    func readDouble(_ type: Any.Type, at offset: inout Int, limit: Int, path: () -> [any CodingKey]) throws -> Double {
        _ = try expect(type, at: offset, limit: limit, path: path) { $0 == .double }
        guard limit - offset >= 9 else { throw WireDecodingError.truncated(offset: offset) }
        defer { offset += 9 }
        return Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 1, as: UInt64.self)))
    }

    /// Reads a counted value of `tag` at `offset`, for a value of `type`: its bytes.
    func readCounted(
        _ tag: WireTag, as type: Any.Type, at offset: inout Int, limit: Int, path: () -> [any CodingKey]
    ) throws -> UnsafeRawBufferPointer {
        _ = try expect(type, at: offset, limit: limit, path: path) { $0 == tag }
        offset += 1
        return try counted(at: &offset, limit: limit)
    }
}
