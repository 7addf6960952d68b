import BackgroundWire
import Foundation
import Testing

@Suite("The wire decoder on bad input: an error naming the fault and its byte, never a crash")
struct WireMalformedInputTests {
    private func wireError<T: Decodable>(_ bytes: [UInt8], as type: T.Type) -> WireDecodingError? {
        wireDecodingError(bytes, as: type) as? WireDecodingError
    }

    @Test func everyTruncationOfAMessageIsAnError() throws {
        try SeededRandom.forEach(5, of: #function, WireFuzzTests.value) { value, _ in
            let bytes = try WireEncoder().encode(value)
            for length in 0..<bytes.count {
                let error = wireError(Array(bytes.prefix(length)), as: RichValue.self)
                #expect(error != nil, "the first \(length) of \(bytes.count) bytes")
                #expect((error?.offset ?? .max) <= length)
            }
        }
    }

    @Test func lengthsAndCountsArePinnedToTheBytesBeforeAnythingIsReserved() {
        #expect(wireError([0x06, 0x05, 0x61], as: String.self) == .lengthPastEnd(length: 5, available: 1, offset: 1))
        let hugeString: [UInt8] = [0x06, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]
        #expect(wireError(hugeString, as: String.self) == .lengthPastEnd(length: UInt64(Int64.max), available: 0, offset: 1))
        #expect(wireError([0x07, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F], as: Data.self) == .lengthPastEnd(length: 0xFFFF_FFFF, available: 0, offset: 1))
        #expect(wireError([0x09, 0x02, 0x05, 0x00], as: [Int].self) == .countTooLarge(count: 5, byteLength: 2, offset: 2))
        let hugeCount: [UInt8] = [0x09, 0x06, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]
        #expect(wireError(hugeCount, as: [Int].self) == .countTooLarge(count: 0x7F_FFFF_FFFF, byteLength: 6, offset: 2))
        #expect(wireError([0x08, 0x03, 0x02, 0x01, 0x61], as: [String: Int].self) == .countTooLarge(count: 2, byteLength: 3, offset: 2),
            "a keyed entry takes two bytes at least")
        // [["…"], "a"] where the inner string claims 3 bytes but its container ends first.
        let pastContainer: [UInt8] = [0x09, 0x09, 0x02, 0x09, 0x03, 0x01, 0x06, 0x03, 0x06, 0x01, 0x61]
        #expect(wireError(pastContainer, as: [[String]].self) == .lengthPastEnd(length: 3, available: 0, offset: 7),
            "a value cannot run past its container")
    }

    @Test func varintsLongerThanTenBytesOrPast64BitsAreRefused() {
        let eleven: [UInt8] = [0x03] + Array(repeating: 0x80, count: 10) + [0x01]
        #expect(wireError(eleven, as: Int.self) == .malformedVarint(offset: 1))
        let overflow: [UInt8] = [0x04] + Array(repeating: 0xFF, count: 9) + [0x02]
        #expect(wireError(overflow, as: UInt64.self) == .malformedVarint(offset: 1))
        #expect(wireError([0x03, 0x80], as: Int.self) == .truncated(offset: 1))
    }

    @Test func unknownTagsTrailingBytesAndBadUTF8AreNamed() {
        #expect(wireError([0x0C], as: Int.self) == .unknownTag(0x0C, offset: 0))
        #expect(wireError([0x09, 0x02, 0x01, 0xFF], as: [Int].self) == .unknownTag(0xFF, offset: 3))
        #expect(wireError([0x03, 0x02, 0x00], as: Int.self) == .trailingBytes(count: 1, offset: 2))
        #expect(wireError([], as: Int.self) == .truncated(offset: 0))
        #expect(wireError([0x06, 0x02, 0xC3, 0x28], as: String.self) == .invalidUTF8(offset: 0))
        #expect(WireDecodingError.unknownTag(0x0C, offset: 3).description == "unknown tag 0xc at byte 3")
    }

    @Test func nestingStopsAtTheLimitWhenEncodingAndWhenDecoding() throws {
        let deepest = Nested(depth: WireEncoder.maximumDepth)
        #expect(try wireRoundTrip(deepest) == deepest)
        #expect(throws: EncodingError.self) { try WireEncoder().encode(Nested(depth: WireEncoder.maximumDepth + 1)) }
        var tooDeep: [UInt8] = [0x09, 0x01, 0x00]
        for _ in 0..<WireEncoder.maximumDepth {
            tooDeep = [0x09] + varint(tooDeep.count + 1) + [0x01] + tooDeep
        }
        #expect(wireError(tooDeep, as: Nested.self) == .tooDeep(limit: WireEncoder.maximumDepth, offset: tooDeep.count - 3))
        let manySomes = Array(repeating: UInt8(0x0A), count: 1_000_000) + [0x00]
        #expect(wireDecodingError(manySomes, as: Int?.self) != nil, "a long run of some tags neither recurses nor crashes")
    }

    @Test func wellFormedBytesOfTheWrongShapeThrowDecodingErrorsWithTheirPath() throws {
        let point = try WireEncoder().encode(Point(x: 1, y: 2))
        guard case .typeMismatch(_, let context) = wireDecodingError(point, as: Label.self) as? DecodingError else {
            Issue.record("an Int read as a String is not a type mismatch")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["x"])
        #expect(context.debugDescription == "Expected String but found a signed integer at byte 5")

        let short = try WireEncoder().encode(["x": 1])
        guard case .keyNotFound(let key, _) = wireDecodingError(short, as: Point.self) as? DecodingError else {
            Issue.record("a missing key is not keyNotFound")
            return
        }
        #expect(key.stringValue == "y")

        let nilX = try WireEncoder().encode(["x": nil, "y": 1] as [String: Int?])
        guard case .valueNotFound(_, let context) = wireDecodingError(nilX, as: Point.self) as? DecodingError else {
            Issue.record("nil for an Int is not valueNotFound")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["x"])

        let nested = try WireEncoder().encode([[Point(x: 1, y: 2)]])
        guard case .typeMismatch(_, let deep) = wireDecodingError(nested, as: [[Label]].self) as? DecodingError else {
            Issue.record("a nested mismatch is not typeMismatch")
            return
        }
        #expect(deep.codingPath.map(\.stringValue) == ["Index 0", "Index 0", "x"])
        #expect(wireDecodingError(try WireEncoder().encode([1]), as: Pair.self) is DecodingError, "one value where two are read")
    }

    @Test func misusingTheEncoderThrowsRatherThanWritingAWrongMessage() throws {
        #expect(throws: EncodingError.self) { try WireEncoder().encode(TwoValues()) }
        let encoder = WireEncoder()
        #expect(throws: EncodingError.self) { try encoder.encode(TwoValues()) }
        #expect(try encoder.encode(1) == [0x03, 0x02], "the encoder is fine after a failed message")
    }

    private func varint(_ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        return bytes + [UInt8(rest)]
    }
}
