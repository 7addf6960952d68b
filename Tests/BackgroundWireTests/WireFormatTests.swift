import BackgroundWire
import Foundation
import Testing

@Suite("The wire format: the bytes the encoder's documentation promises")
struct WireFormatTests {
    @Test func scalarsAreATagAndTheirPayload() throws {
        let encoder = WireEncoder()
        #expect(try encoder.encode(Int?.none) == [0x00])
        #expect(try encoder.encode(false) == [0x01])
        #expect(try encoder.encode(true) == [0x02])
        #expect(try encoder.encode(0) == [0x03, 0x00])
        #expect(try encoder.encode(-1) == [0x03, 0x01], "zigzag: -1 is 1")
        #expect(try encoder.encode(Int8(1)) == [0x03, 0x02], "zigzag: 1 is 2, whatever the width")
        #expect(try encoder.encode(Int64.min) == [0x03] + Array(repeating: 0xFF, count: 9) + [0x01])
        #expect(try encoder.encode(UInt8(255)) == [0x04, 0xFF, 0x01])
        #expect(try encoder.encode(UInt64.max) == [0x04] + Array(repeating: 0xFF, count: 9) + [0x01])
        #expect(try encoder.encode(1.0) == [0x05, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F], "little-endian IEEE 754")
        #expect(try encoder.encode(Float(1)) == [0x05, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F], "a Float is widened to a Double")
        #expect(try encoder.encode("é") == [0x06, 0x02, 0xC3, 0xA9])
        #expect(try encoder.encode(Data([9, 8])) == [0x07, 0x02, 0x09, 0x08])
        #expect(try encoder.encode(String(repeating: "a", count: 200)).prefix(3) == [0x06, 0xC8, 0x01], "a two-byte varint")
    }

    @Test func containersCarryTheirByteLengthThenTheirCount() throws {
        let encoder = WireEncoder()
        #expect(try encoder.encode(Point(x: 1, y: -1)) == [0x08, 0x09, 0x02, 0x01, 0x78, 0x03, 0x02, 0x01, 0x79, 0x03, 0x01])
        #expect(try encoder.encode([true, false]) == [0x09, 0x03, 0x02, 0x02, 0x01])
        #expect(try encoder.encode([Int]()) == [0x09, 0x01, 0x00])
        #expect(try encoder.encode(Empty()) == [0x08, 0x01, 0x00], "a value that writes nothing is {}, as in JSON")
        let long = try encoder.encode(Array(repeating: 7, count: 100))
        #expect(long.prefix(4) == [0x09, 0xC9, 0x01, 0x64], "201 bytes: a count byte and 100 values of 2")
        #expect(long.count == 4 + 200)
    }

    @Test func theWireIsSmallerThanJSON() throws {
        let point = Point(x: 1, y: -1)
        #expect(try WireEncoder().encode(point).count == 11)
        #expect(try JSONEncoder().encode(point).count == 14)
        try SeededRandom.forEach(20, of: #function, WireFuzzTests.value) { value, _ in
            let wire = try WireEncoder().encode(value)
            let json = try JSONEncoder().encode(value)
            #expect(wire.count < json.count)
        }
    }
}
