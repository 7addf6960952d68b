import Foundation

/// A type the wire writes itself, as one tagged value, rather than through its `Codable`
/// conformance: Bool, the integers up to 64 bits, Double, Float, String, and — so that bytes
/// are one copy rather than a container of numbers — `Data` and `[UInt8]`.
protocol WireScalar: SendableMetatype {
    /// Appends the value, tag first.
    func write(to buffer: inout [UInt8])
    /// Reads a value at `offset`, before `limit`, and moves `offset` past it; `path` is the
    /// coding path for an error.
    static func read(
        from decoder: WireValueDecoder, at offset: inout Int, limit: Int, path: () -> [any CodingKey]
    ) throws -> Self
}

/// The wire's scalar types, the most common first.
private let scalarTypes: [any WireScalar.Type] = [
    String.self, Int.self, Double.self, Bool.self, Int64.self, UInt64.self, Float.self, Int32.self, UInt32.self,
    UInt8.self, Int16.self, UInt16.self, Int8.self, UInt.self, Data.self, [UInt8].self,
]

/// The wire's scalar type that `type` is, if it is one. Comparing metatypes costs a few
/// instructions each where asking the runtime whether `type` conforms to ``WireScalar`` costs
/// hundreds, and the coders ask for every value they meet through the generic paths.
func wireScalarType<T>(_ type: T.Type) -> (any WireScalar.Type)? {
    scalarTypes.first { $0 == type }
}

extension WireScalar where Self: FixedWidthInteger {
    func write(to buffer: inout [UInt8]) {
        if Self.isSigned {
            let value = Int64(self)
            buffer.append(WireTag.signed.rawValue)
            buffer.appendVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        } else {
            buffer.append(WireTag.unsigned.rawValue)
            buffer.appendVarint(UInt64(self))
        }
    }

    static func read(from decoder: WireValueDecoder, at offset: inout Int, limit: Int, path: () -> [any CodingKey]) throws -> Self {
        try decoder.readInteger(at: &offset, limit: limit, path: path)
    }
}

extension Int: WireScalar {}
extension Int8: WireScalar {}
extension Int16: WireScalar {}
extension Int32: WireScalar {}
extension Int64: WireScalar {}
extension UInt: WireScalar {}
extension UInt8: WireScalar {}
extension UInt16: WireScalar {}
extension UInt32: WireScalar {}
extension UInt64: WireScalar {}

extension Bool: WireScalar {
    func write(to buffer: inout [UInt8]) {
        buffer.append((self ? WireTag.true : WireTag.false).rawValue)
    }

    static func read(from decoder: WireValueDecoder, at offset: inout Int, limit: Int, path: () -> [any CodingKey]) throws -> Bool {
        let tag = try decoder.expect(Bool.self, at: offset, limit: limit, path: path) { $0 == .true || $0 == .false }
        offset += 1
        return tag == .true
    }
}

extension Double: WireScalar {
    func write(to buffer: inout [UInt8]) {
        buffer.append(WireTag.double.rawValue)
        for shift in stride(from: 0, to: 64, by: 8) { buffer.append(UInt8(truncatingIfNeeded: bitPattern >> shift)) }
    }

    static func read(from decoder: WireValueDecoder, at offset: inout Int, limit: Int, path: () -> [any CodingKey]) throws -> Double {
        try decoder.readDouble(Double.self, at: &offset, limit: limit, path: path)
    }
}

extension Float: WireScalar {
    func write(to buffer: inout [UInt8]) {
        Double(self).write(to: &buffer)
    }

    static func read(from decoder: WireValueDecoder, at offset: inout Int, limit: Int, path: () -> [any CodingKey]) throws -> Float {
        let start = offset
        let value = try decoder.readDouble(Float.self, at: &offset, limit: limit, path: path)
        guard value.isNaN || value.isInfinite || abs(value) <= Double(Float.greatestFiniteMagnitude) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path(), debugDescription: "The number \(value) at byte \(start) does not fit in Float"))
        }
        return Float(value)
    }
}

extension String: WireScalar {
    func write(to buffer: inout [UInt8]) {
        buffer.append(WireTag.string.rawValue)
        buffer.appendText(self)
    }

    static func read(from decoder: WireValueDecoder, at offset: inout Int, limit: Int, path: () -> [any CodingKey]) throws -> String {
        let start = offset
        let text = try decoder.readCounted(.string, as: String.self, at: &offset, limit: limit, path: path)
        // One pass: the validation has its own fast path for ASCII.
        guard let string = text.withMemoryRebound(to: UInt8.self, { String(validating: $0, as: UTF8.self) }) else {
            throw WireDecodingError.invalidUTF8(offset: start)
        }
        return string
    }
}

extension Data: WireScalar {
    func write(to buffer: inout [UInt8]) {
        buffer.append(WireTag.bytes.rawValue)
        withUnsafeBytes { $0.withMemoryRebound(to: UInt8.self) { buffer.appendCounted($0) } }
    }

    static func read(from decoder: WireValueDecoder, at offset: inout Int, limit: Int, path: () -> [any CodingKey]) throws -> Data {
        Data(try decoder.readCounted(.bytes, as: Data.self, at: &offset, limit: limit, path: path))
    }
}

extension Array: WireScalar where Element == UInt8 {
    func write(to buffer: inout [UInt8]) {
        buffer.append(WireTag.bytes.rawValue)
        withUnsafeBufferPointer { buffer.appendCounted($0) }
    }

    static func read(from decoder: WireValueDecoder, at offset: inout Int, limit: Int, path: () -> [any CodingKey]) throws -> [UInt8] {
        Array(try decoder.readCounted(.bytes, as: [UInt8].self, at: &offset, limit: limit, path: path))
    }
}
