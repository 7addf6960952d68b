import BackgroundWire
import Foundation
import PropertyBased
import Testing

@Suite("The wire codec under random values and random bytes")
struct WireFuzzTests {
    /// Random ``RichValue``s, nested two levels deep.
    static let values = Generator<RichValue, Shrink.None<RichValue>>(run: { RichValue.random(using: &$0) })
    /// Random bytes, up to 300.
    static let bytes = Gen<UInt8>.value(in: 0...255).array(of: 0...300)

    @Test func randomValuesRoundTrip() async {
        let encoder = WireEncoder()
        let decoder = WireDecoder()
        await propertyCheck(count: 300, input: Self.values) { value in
            let back = try decoder.decode(RichValue.self, from: encoder.encode(value))
            #expect(back == value)
        }
    }

    @Test func decodingWhatTheWireWroteGivesWhatJSONGives() async {
        await propertyCheck(count: 200, input: Self.values) { value in
            let viaJSON = try JSONDecoder().decode(RichValue.self, from: JSONEncoder().encode(value))
            let viaWire = try WireDecoder().decode(RichValue.self, from: WireEncoder().encode(value))
            #expect(viaWire == viaJSON)
        }
    }

    @Test func nestedOptionalsRoundTrip() async {
        await propertyCheck(count: 200, input: Gen.int().optional.optional.optional.array(of: 0...5)) { values in
            let back = try wireRoundTrip(values)
            #expect(back == values)
        }
    }

    @Test func randomBytesThrowANamedFaultAndNeverTrap() async {
        await propertyCheck(count: 3000, input: Self.bytes) { bytes in
            guard let error = wireDecodingError(bytes, as: RichValue.self) else {
                Issue.record("random bytes decoded as a RichValue")
                return
            }
            Self.expectNamedFault(error, in: bytes)
        }
    }

    @Test func mutatedMessagesThrowANamedFaultOrDecodeAndNeverTrap() async {
        let mutations = zip(Self.values, Gen.int(in: 0...Int.max), Gen<UInt8>.value(in: 0...255), Gen.int(in: 0...3))
        await propertyCheck(count: 1000, input: mutations) { value, position, byte, kind in
            var bytes = try WireEncoder().encode(value)
            let index = position % bytes.count
            switch kind {
            case 0: bytes[index] = byte
            case 1: bytes[index] ^= 1 << (byte % 8)
            case 2: bytes.insert(byte, at: index)
            default: bytes.removeSubrange(index...)
            }
            if let error = wireDecodingError(bytes, as: RichValue.self) { Self.expectNamedFault(error, in: bytes) }
        }
    }

    /// A ``WireDecodingError`` naming a byte of `bytes`, or a `DecodingError` (well-formed bytes of
    /// the wrong shape, or a conformance's own check such as a Dictionary's Int keys).
    static func expectNamedFault(_ error: any Error, in bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
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
