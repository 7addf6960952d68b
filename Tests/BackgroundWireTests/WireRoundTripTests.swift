import BackgroundWire
import Foundation
import Testing

@Suite("The wire codec: every Codable value reads back exactly as written")
struct WireRoundTripTests {
    @Test func integersOfEveryWidthRoundTripAtTheirLimits() throws {
        func check<I: FixedWidthInteger & Codable>(_ type: I.Type) throws {
            let values: [I] = [.min, .min + 1, 0, 1, .max - 1, .max] + (I.isSigned ? [-1, -127, 128] : [127, 128, 255])
            for value in values {
                #expect(try wireRoundTrip(value) == value, "\(I.self) \(value)")
                #expect(try wireRoundTrip([value, value]) == [value, value], "\(I.self) \(value) in an array")
            }
        }
        try check(Int.self)
        try check(Int8.self)
        try check(Int16.self)
        try check(Int32.self)
        try check(Int64.self)
        try check(UInt.self)
        try check(UInt8.self)
        try check(UInt16.self)
        try check(UInt32.self)
        try check(UInt64.self)
        let extremes = RichLeaf(
            int8: .min, int16: .min, int32: .min, int64: .min, int: .min, uint8: .max, uint16: .max, uint32: .max, uint64: .max,
            uint: .max)
        #expect(try wireRoundTrip(extremes) == extremes, "as the fields of a struct")
    }

    @Test func anIntegerReadsIntoAnyTypeItFitsAndNoOtherOne() throws {
        let decoder = WireDecoder()
        #expect(try decoder.decode(UInt16.self, from: WireEncoder().encode(300)) == 300)
        #expect(try decoder.decode(Int8.self, from: WireEncoder().encode(UInt64(100))) == 100)
        let tooBig = wireDecodingError(try WireEncoder().encode(300), as: Int8.self)
        guard case .dataCorrupted(let context) = tooBig as? DecodingError else {
            Issue.record("300 read as an Int8 threw \(String(describing: tooBig))")
            return
        }
        #expect(context.debugDescription == "The number 300 at byte 0 does not fit in Int8")
        #expect(wireDecodingError(try WireEncoder().encode(-1), as: UInt.self) is DecodingError)
    }

    @Test func floatingPointKeepsEveryBitIncludingNaNInfinityAndNegativeZero() throws {
        let doubles: [Double] = [
            .nan, .signalingNaN, .infinity, -.infinity, -0.0, 0, .leastNonzeroMagnitude, .leastNormalMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .pi, 1e-300, 0.1,
        ]
        for value in doubles {
            #expect(try wireRoundTrip(value).bitPattern == value.bitPattern, "\(value)")
        }
        let floats: [Float] = [.nan, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1]
        for value in floats {
            let back = try wireRoundTrip(value)
            #expect(back.bitPattern == value.bitPattern || (back.isNaN && value.isNaN), "\(value)")
        }
        #expect(wireDecodingError(try WireEncoder().encode(1e300), as: Float.self) is DecodingError)
    }

    @Test(arguments: ["", "a", "é", "👨‍👩‍👧‍👦", "\0", "\u{FEFF}x\u{202E}", "日本語のテキスト", String(repeating: "long ", count: 1000)])
    func stringsRoundTripAsTheirUTF8(_ text: String) throws {
        #expect(try wireRoundTrip(text) == text)
        #expect(try WireEncoder().encode(text).count == 1 + (text.utf8.count < 128 ? 1 : 2) + text.utf8.count)
    }

    @Test func bytesAreOneLengthAndACopyNotAContainerOfNumbers() throws {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let data = Data(bytes)
        let encodedData = try WireEncoder().encode(data)
        let encodedArray = try WireEncoder().encode(bytes)
        #expect(encodedData.count == 1 + 3 + bytes.count)
        #expect(encodedArray == encodedData)
        #expect(try WireDecoder().decode(Data.self, from: encodedData) == data)
        #expect(try WireDecoder().decode([UInt8].self, from: encodedData) == bytes)
        #expect(try wireRoundTrip(Data()) == Data())
        #expect(try wireRoundTrip([UInt8]()) == [])
        #expect(try wireRoundTrip(Data([1, 2, 3])[1...]) == Data([2, 3]), "a slice of Data reads back as its bytes")
    }

    @Test func foundationValuesRoundTrip() throws {
        let dates = [Date(timeIntervalSinceReferenceDate: 123.456), .distantPast, .distantFuture, Date()]
        for date in dates { #expect(try wireRoundTrip(date) == date) }
        let base = URL(string: "https://example.com/a/b/")!
        let urls = [
            URL(string: "https://user@example.com:8443/path%20x?q=1&r=é#frag")!, URL(fileURLWithPath: "/tmp/some file.txt"),
            URL(string: "c/d?e", relativeTo: base)!,
        ]
        for url in urls {
            let back = try wireRoundTrip(url)
            #expect(back == url && back.absoluteString == url.absoluteString)
        }
        let uuid = UUID()
        #expect(try wireRoundTrip(uuid) == uuid)
        let decimals = [Decimal(string: "-123.456e-7")!, Decimal(string: "79228162514264337593543950335")!, .zero, .nan]
        for decimal in decimals {
            let back = try wireRoundTrip(decimal)
            #expect(back == decimal || (back.isNaN && decimal.isNaN), "\(decimal)")
        }
        let durations: [Duration] = [
            .zero, .seconds(-3) + .nanoseconds(5), .init(secondsComponent: .max, attosecondsComponent: 999_999_999_999_999_999),
            .init(secondsComponent: .min, attosecondsComponent: -999_999_999_999_999_999),
        ]
        for duration in durations { #expect(try wireRoundTrip(duration) == duration) }
    }

    @Test func enumsWithValuesRoundTripInEachShapeOfCase() throws {
        let leaf = RichLeaf(int8: -1, int16: 2, int32: -3, int64: 4, int: -5, uint8: 6, uint16: 7, uint32: 8, uint64: 9, uint: 10)
        let events: [RichEvent] = [
            .ping, .fix(latitude: 37.33, longitude: -122.03, accuracy: nil), .fix(latitude: 0, longitude: 0, accuracy: 5),
            .call("", .min), .call("ping", 42), .batch([]), .batch([.min, .max]), .leaf(leaf),
        ]
        for event in events { #expect(try wireRoundTrip(event) == event) }
        #expect(try wireRoundTrip(events) == events)
        #expect(try wireRoundTrip(Level.warning) == .warning, "a raw-value enum is its raw value")
    }

    @Test func optionalsRoundTripAtEveryDepthWhichJSONCannotDo() throws {
        let values: [Int???] = [.none, .some(.none), .some(.some(.none)), .some(.some(.some(7)))]
        for value in values {
            #expect(try wireRoundTrip(value) == value, "\(String(describing: value)) alone")
            #expect(try wireRoundTrip([value, nil]) == [value, nil], "\(String(describing: value)) in an array")
        }
        for maybe in [Int??.none, .some(.none), .some(.some(1))] {
            let holder = Maybe(value: maybe, text: nil)
            #expect(try wireRoundTrip(holder) == holder, "\(String(describing: maybe)) as a property")
        }
        let viaJSON = try JSONDecoder().decode(Maybe.self, from: JSONEncoder().encode(Maybe(value: .some(.none), text: nil)))
        #expect(viaJSON.value == .none, "JSON reads .some(nil) back as nil; the wire does not")
        #expect(try WireEncoder().encode(Int??.some(.none)) == [0x0A, 0x00])
        #expect(try WireEncoder().encode(Int??.some(.some(3))) == [0x03, 0x06], "a present optional costs no byte")
    }

    @Test func arraysAndDictionariesRoundTripEmptyNestedAndWithEitherKind() throws {
        #expect(try wireRoundTrip([Int]()) == [])
        #expect(try wireRoundTrip([[String]]([[], ["a"], []])) == [[], ["a"], []])
        #expect(try wireRoundTrip([String?]([nil, "x", nil])) == [nil, "x", nil])
        #expect(try wireRoundTrip([String: Int]()) == [:])
        let scores = ["": 0, "a": -1, "é": .max, "👍": .min]
        #expect(try wireRoundTrip(scores) == scores)
        let names = [-1: "minus", 0: "", Int.max: "max", Int.min: "min"]
        #expect(try wireRoundTrip(names) == names)
        #expect(try WireEncoder().encode(names).first == 0x08, "Int keys make a keyed container, as JSON's are strings")
        let byID = [UUID(): 1, UUID(): 2]
        #expect(try wireRoundTrip(byID) == byID)
        #expect(try WireEncoder().encode(byID).first == 0x09, "other keys alternate with their values in an unkeyed one")
        let nested: [String: [Int: [Double]]] = ["a": [1: [1.5], 2: []], "b": [:]]
        #expect(try wireRoundTrip(nested) == nested)
    }

    @Test func aSubclassWithSuperEncoderOrASharedContainerRoundTrips() throws {
        let viaSuper = Ticket(id: 7, seat: "12A")
        let back = try wireRoundTrip(viaSuper)
        #expect(back.id == 7 && back.seat == "12A")
        let shared = SharedTicket(id: 8, gate: "B3")
        let sharedBack = try wireRoundTrip(shared)
        #expect(sharedBack.id == 8 && sharedBack.gate == "B3")
        #expect(try wireRoundTrip(Unfinished()) == Unfinished(), "an unused superEncoder() reads as an empty container")
    }

    @Test func customCodingWithSingleValueAndInterleavedContainersRoundTrips() throws {
        #expect(try wireRoundTrip(Celsius(degrees: -40.5)) == Celsius(degrees: -40.5))
        #expect(try WireEncoder().encode(Celsius(degrees: 1)) == WireEncoder().encode(1.0), "a single value is just the value")
        let interleaved = Interleaved(first: [1, 2, 3], second: ["x": "y"], name: "both")
        #expect(try wireRoundTrip(interleaved) == interleaved)
        #expect(try wireRoundTrip(Empty()) == Empty(), "a value that encodes nothing reads back")
    }

    @Test func anEncoderIsReusedAndAppendsToTheBuffer() throws {
        let encoder = WireEncoder()
        let decoder = WireDecoder()
        try SeededRandom.forEach(200, of: #function, WireFuzzTests.value) { value, _ in
            let bytes = try encoder.encode(value)
            let fresh = try WireEncoder().encode(value)
            #expect(bytes == fresh, "a reused encoder writes what a new one writes")
            let back = try decoder.decode(RichValue.self, from: bytes)
            #expect(back == value)
        }
        var buffer: [UInt8] = [0xAA]
        try encoder.encode("x", into: &buffer)
        try encoder.encode(1, into: &buffer)
        #expect(buffer == [0xAA, 0x06, 0x01, 0x78, 0x03, 0x02])
        #expect(try decoder.decode(String.self, from: buffer[1..<4]) == "x")
    }
}
