/// Where a ``WireFields`` value writes its fields: each is appended to the message, tagged as
/// the format tags it, and a field that is not a scalar or a ``WireFields`` value takes its
/// `Codable` form through the message's own ``WireEncoder``.
struct WireWriter {
    /// The message so far.
    var buffer: [UInt8] = []
    /// For the fields written in their `Codable` form.
    private let encoder: WireEncoder
    /// How many values' fields enclose the one being written.
    private var depth = 0

    /// A writer whose `Codable` fields go through `encoder`; give it the message's buffer.
    init(encoder: WireEncoder) {
        self.encoder = encoder
    }

    mutating func write(_ value: some WireScalar) {
        value.write(to: &buffer)
    }

    mutating func write(_ value: (some WireScalar)?) {
        guard let value else { return buffer.append(WireTag.null.rawValue) }
        value.write(to: &buffer)
    }

    /// Writes `values`: their count, then each.
    mutating func write(each values: [some WireScalar]) {
        write(values.count)
        for value in values { value.write(to: &buffer) }
    }

    /// Writes an enum's case by its number.
    mutating func write<Case: RawRepresentable<Int>>(case value: Case) {
        write(value.rawValue)
    }

    /// Writes `value` in its own form: the tag, the byte length, the fields; or in its
    /// `Codable` form if it leaves this value to it.
    mutating func write(_ value: some WireFields) throws {
        let start = buffer.count
        buffer.append(WireTag.fields.rawValue)
        depth += 1
        defer { depth -= 1 }
        guard depth <= WireEncoder.maximumDepth else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Values' fields nest deeper than \(WireEncoder.maximumDepth)"))
        }
        guard try value.writeFields(to: &self) else {
            buffer.removeSubrange(start...)
            return try write(codable: value)
        }
        insertLength(at: start + 1)
    }

    mutating func write(_ value: (some WireFields)?) throws {
        guard let value else { return buffer.append(WireTag.null.rawValue) }
        try write(value)
    }

    /// Writes `value` in its `Codable` form.
    mutating func write(codable value: some Encodable) throws {
        try encoder.encodeCodable(value, into: &buffer)
    }

    /// Writes the encoding of `value` — its own form or its `Codable` one, as a message of
    /// its own would be — as bytes, for a reader that knows its type only later.
    mutating func write(encodingOf value: some Encodable) throws {
        let start = buffer.count
        buffer.append(WireTag.bytes.rawValue)
        try encoder.encode(value, into: &buffer)
        insertLength(at: start + 1)
    }

    /// Puts before the bytes from `start` on their varint byte length.
    private mutating func insertLength(at start: Int) {
        buffer.insertVarint(UInt64(buffer.count - start), at: start)
    }
}
