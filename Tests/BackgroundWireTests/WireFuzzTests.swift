import BackgroundWire
import Foundation
import Testing

@Suite("The wire codec under random values and random bytes")
struct WireFuzzTests {
    /// A random ``RichValue``, nested two levels deep.
    static func value(_ random: inout SeededRandom) -> RichValue {
        RichValue.random(using: &random)
    }

    /// Up to 300 random bytes.
    static func bytes(_ random: inout SeededRandom) -> [UInt8] {
        (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    @Test func randomValuesRoundTrip() throws {
        let encoder = WireEncoder()
        let decoder = WireDecoder()
        try SeededRandom.forEach(300, of: #function, Self.value) { value, number in
            let back = try decoder.decode(RichValue.self, from: encoder.encode(value))
            #expect(back == value, "input #\(number)")
        }
    }

    @Test func decodingWhatTheWireWroteGivesWhatJSONGives() throws {
        try SeededRandom.forEach(200, of: #function, Self.value) { value, number in
            let viaJSON = try JSONDecoder().decode(RichValue.self, from: JSONEncoder().encode(value))
            let viaWire = try WireDecoder().decode(RichValue.self, from: WireEncoder().encode(value))
            #expect(viaWire == viaJSON, "input #\(number)")
        }
    }

    @Test func nestedOptionalsRoundTrip() throws {
        try SeededRandom.forEach(200, of: #function, Self.nestedOptionals) { values, number in
            let back = try wireRoundTrip(values)
            #expect(back == values, "input #\(number)")
        }
    }

    /// Up to five `Int???`s, each at a random depth of `nil`.
    static func nestedOptionals(_ random: inout SeededRandom) -> [Int???] {
        (0..<Int.random(in: 0...5, using: &random)).map { _ in
            let value = Int.random(in: .min ... .max, using: &random)
            switch Int.random(in: 0...3, using: &random) {
            case 0: return .none
            case 1: return .some(.none)
            case 2: return .some(.some(.none))
            default: return .some(.some(.some(value)))
            }
        }
    }

    @Test func randomBytesThrowANamedFaultAndNeverTrap() {
        SeededRandom.forEach(3000, of: #function, Self.bytes) { bytes, _ in
            guard let error = wireDecodingError(bytes, as: RichValue.self) else {
                Issue.record("random bytes decoded as a RichValue")
                return
            }
            Self.expectNamedFault(error, in: bytes)
        }
    }

    @Test func mutatedMessagesThrowANamedFaultOrDecodeAndNeverTrap() throws {
        let mutation = { (random: inout SeededRandom) in
            (Self.value(&random), Int.random(in: 0...Int.max, using: &random), UInt8.random(in: 0...255, using: &random),
             Int.random(in: 0...3, using: &random))
        }
        try SeededRandom.forEach(1000, of: #function, mutation) { mutated, _ in
            let (value, position, byte, kind) = mutated
            let bytes = Self.mutation(kind, of: try WireEncoder().encode(value), at: position, byte: byte)
            if let error = wireDecodingError(bytes, as: RichValue.self) { Self.expectNamedFault(error, in: bytes) }
        }
    }

    /// `bytes` changed at `position` (modulo their count) by mutation `kind`: 0 sets the byte
    /// there to `byte`, 1 flips one of its bits, 2 inserts `byte` before it, 3 cuts it and
    /// what follows.
    static func mutation(_ kind: Int, of bytes: [UInt8], at position: Int, byte: UInt8) -> [UInt8] {
        var bytes = bytes
        let index = position % bytes.count
        switch kind {
        case 0: bytes[index] = byte
        case 1: bytes[index] ^= 1 << (byte % 8)
        case 2: bytes.insert(byte, at: index)
        default: bytes.removeSubrange(index...)
        }
        return bytes
    }

    /// A ``WireDecodingError`` naming a byte of `bytes`, or a `DecodingError` (well-formed bytes of
    /// the wrong shape, or a conformance's own check such as a Dictionary's Int keys).
    static func expectNamedFault(_ error: any Error, in bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        switch error {
        case let fault as WireDecodingError:
            #expect(fault.offset <= bytes.count, sourceLocation: sourceLocation)
            #expect(fault.description.contains("byte \(fault.offset)"), sourceLocation: sourceLocation)
        case is DecodingError:
            break
        default:
            Issue.record("decoding threw \(error)", sourceLocation: sourceLocation)
        }
    }
}
