@testable import BackgroundWire
import Foundation
import Testing

@Suite("Messages written field by field: each reads back as written, and bad bytes are named")
struct WireFieldsTests {
    private static let pong = ServiceMessage(service: "voip", payload: ServicePayload(["send": "pong"]))
    private static let handing = ServiceMessage(service: "voip", payload: ServicePayload([1, 2]), descriptor: PassedDescriptor(-1))

    /// A message of every case written field by field, and one of each of the types that
    /// leave some cases to their `Codable` form.
    static let messages: [AppProcessMessage] = [
        .deliver(.serviceMessage(pong, endingActivity: BackgroundActivityToken(id: 4)), launch: 1),
        .deliver(.serviceMessage(handing, endingActivity: nil), launch: 1),
        .deliver(.timerFire(id: 3), launch: 2),
        .deliver(.keepAlive(endingActivity: BackgroundActivityToken(id: 5)), launch: 2),
        .deliver(.expirationHandler(BackgroundTaskIdentifier(rawValue: 6)), launch: 2),
        .deliver(.expirationHandlersReturned(run: 2), launch: 2),
        .deliver(.didEnterBackground(run: 1), launch: 2),
        .deliver(.returnToForeground, launch: 2),
        .deliver(.performFetch(number: 9), launch: 2),
        .deliver(.lifecycle(.didBecomeActive), launch: 2),
        .barrier(id: 3),
        .answer(.identifier(-7), id: 1),
        .answer(.seconds(179.5), id: 1),
        .answer(.seconds(nil), id: 1),
        .answer(.timer(id: 2), id: 1),
        .answer(.path("/tmp/a"), id: 1),
        .answer(.path(nil), id: 1),
        .answer(.date(785_000_000.25), id: 1),
        .answer(.deviceClock(nanoseconds: .max, isRealTime: true), id: 1),
        .answer(.optionalDate(nil), id: 1),
        .answer(.serviceAnswer(ServicePayload("ok")), id: 1),
        .answer(.serviceAnswer(nil), id: 1),
        .answer(.granted(false), id: 1),
        .answer(.transfer(12), id: 1),
        .answer(.transfer(nil), id: 1),
        .answer(.conditions(DeviceConditions()), id: 1),
        .call(.beginAssertion(name: "Fibonacci", hasExpirationHandler: true, fileID: "App/W.swift", line: 42, launch: 1), id: 7, jobsStarted: 3),
        .call(.beginAssertion(name: nil, hasExpirationHandler: false, fileID: "", line: 0, launch: 0), id: nil, jobsStarted: 0),
        .call(.endAssertion(identifier: 1, fileID: "App/W.swift", line: 50, launch: 1), id: nil, jobsStarted: 4),
        .call(.backgroundTimeRemaining, id: 2, jobsStarted: 1),
        .call(.date, id: 2, jobsStarted: 1),
        .call(.deviceClock, id: 2, jobsStarted: 1),
        .call(.callService(pong), id: 8, jobsStarted: 1),
        .call(.tellService(handing), id: nil, jobsStarted: 1),
        .call(.returnServiceCredit(channel: "location", count: 32), id: nil, jobsStarted: 1),
        .call(.log(lines: ["Fibonacci: 1", "", "ünïcode ✓"]), id: nil, jobsStarted: 1),
        .call(.log(lines: []), id: nil, jobsStarted: 1),
        .call(.eventHandlingBegan(BackgroundActivityToken(id: 8)), id: nil, jobsStarted: 1),
        .call(.endActivity(BackgroundActivityToken(id: 8)), id: nil, jobsStarted: 1),
        .call(.barrierReached(id: 11), id: nil, jobsStarted: 1),
        .call(.appTimerFireStarted(id: 12), id: nil, jobsStarted: 1),
        .call(.crash(reason: "boom"), id: nil, jobsStarted: 1),
        .question(.backgroundTimeRemaining, jobsStarted: 4),
        .questionAnswered(.seconds(2.5), framesBefore: 6),
        .questionAnswered(nil, framesBefore: 7),
        .questionAnswered(.conditions(DeviceConditions()), framesBefore: 0),
        .serviceExtension(.expire(number: 3)),
    ]

    @Test func everyMessageReadsBackAsWrittenInItsFieldsForm() throws {
        let encoder = WireEncoder()
        let decoder = WireDecoder()
        for message in Self.messages {
            let bytes = try encoder.encode(message)
            #expect(bytes.first == WireTag.fields.rawValue, "\(message)")
            #expect(try decoder.decode(AppProcessMessage.self, from: bytes) == message)
        }
    }

    @Test func aCaseLeftToCodableIsWrittenInThatFormAndReadBack() throws {
        #expect(try WireEncoder().encode(AppCall.date).first == WireTag.fields.rawValue)
        #expect(try WireEncoder().encode(AppCall.crash(reason: "boom")).first == WireTag.keyed.rawValue)
        #expect(try WireEncoder().encode(AppAnswer.conditions(DeviceConditions())).first == WireTag.keyed.rawValue)
        #expect(try WireEncoder().encode(AppDelivery.lifecycle(.willResignActive)).first == WireTag.keyed.rawValue)
        #expect(try wireRoundTrip(AppCall.crash(reason: "boom")) == .crash(reason: "boom"))
    }

    @Test func anOptionalAtTheTopTakesItsCodableFormAndReadsBack() throws {
        // A cast of the value would unwrap the Optional and write the fields of what it holds.
        let answer: AppAnswer? = .seconds(3)
        #expect(try WireEncoder().encode(answer).first == WireTag.keyed.rawValue)
        #expect(try wireRoundTrip(answer) == answer)
        #expect(try wireRoundTrip(AppAnswer?.none) == nil)
    }

    @Test func aServicesPayloadCrossesAsBytesAndReadsAsItsValueOnTheOtherSide() throws {
        let bytes = try WireEncoder().encode(AppCall.callService(Self.pong))
        guard case .callService(let message) = try WireDecoder().decode(AppCall.self, from: bytes) else {
            Issue.record("not a callService")
            return
        }
        #expect(message.payload.decode([String: String].self) == ["send": "pong"])
        #expect(message.descriptor == nil)
        #expect(try wireRoundTrip(Self.handing).descriptor == PassedDescriptor(-1), "the descriptor's mark")
    }

    @Test func everyTruncationOfAMessageIsAnErrorAtOrBeforeTheCut() throws {
        for message in Self.messages {
            let bytes = try WireEncoder().encode(message)
            for length in 0..<bytes.count {
                let error = wireDecodingError(Array(bytes.prefix(length)), as: AppProcessMessage.self)
                #expect(error != nil, "the first \(length) of \(bytes.count) bytes of \(message)")
                #expect(((error as? WireDecodingError)?.offset ?? 0) <= length)
            }
        }
    }

    @Test func mutatedMessagesThrowANamedFaultOrDecodeAndNeverTrap() throws {
        let mutation = { (random: inout SeededRandom) in
            (Self.messages.randomElement(using: &random)!, Int.random(in: 0...Int.max, using: &random),
             UInt8.random(in: 0...255, using: &random), Int.random(in: 0...2, using: &random))
        }
        try SeededRandom.forEach(3000, of: #function, mutation) { mutated, _ in
            let (message, position, byte, kind) = mutated
            let bytes = WireFuzzTests.mutation(kind, of: try WireEncoder().encode(message), at: position, byte: byte)
            if let error = wireDecodingError(bytes, as: AppProcessMessage.self) {
                WireFuzzTests.expectNamedFault(error, in: bytes)
            }
        }
    }

    @Test func anUnknownCaseNumberIsNamed() {
        // The fields of an AppProcessMessage whose case number is 99.
        let error = wireDecodingError([0x0B, 0x03, 0x03, 0xC6, 0x01], as: AppProcessMessage.self)
        guard case .dataCorrupted(let context) = error as? DecodingError else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(context.debugDescription == "99 at byte 2 is not a case of BackgroundWire.AppProcessMessage.Case")
    }

    @Test func bytesAfterAValuesFieldsAreNamed() throws {
        var bytes = try WireEncoder().encode(AppProcessMessage.barrier(id: 3))
        bytes[1] += 1
        bytes.append(WireTag.null.rawValue)
        guard case .dataCorrupted(let context) = wireDecodingError(bytes, as: AppProcessMessage.self) as? DecodingError else {
            Issue.record("a stray byte in the fields is not named")
            return
        }
        #expect(context.debugDescription == "1 bytes follow the fields of AppProcessMessage at byte 0")
    }

    @Test func fieldsWhereAContainerBelongsAreATypeMismatch() throws {
        let bytes = try WireEncoder().encode(AppProcessMessage.barrier(id: 3))
        guard case .typeMismatch(_, let context) = wireDecodingError(bytes, as: [String: Int].self) as? DecodingError else {
            Issue.record("fields read as a dictionary are not a type mismatch")
            return
        }
        #expect(context.debugDescription == "Expected Dictionary<String, Any> but found a value's fields at byte 0")
    }

    @Test func nestingStopsAtTheLimitWhenWritingAndWhenReading() throws {
        let deepest = FieldsChain(depth: WireEncoder.maximumDepth)
        #expect(try wireRoundTrip(deepest) == deepest)
        #expect(throws: EncodingError.self) { try WireEncoder().encode(FieldsChain(depth: WireEncoder.maximumDepth + 1)) }
        var tooDeep: [UInt8] = [WireTag.fields.rawValue, 0x01, WireTag.false.rawValue]
        for _ in 0..<WireEncoder.maximumDepth {
            var length: [UInt8] = []
            length.appendVarint(UInt64(tooDeep.count + 1))
            tooDeep = [WireTag.fields.rawValue] + length + [WireTag.true.rawValue] + tooDeep
        }
        #expect(wireDecodingError(tooDeep, as: FieldsChain.self) as? WireDecodingError
            == .tooDeep(limit: WireEncoder.maximumDepth, offset: tooDeep.count - 3))
    }

    @Test func aFailedEncodingLeavesTheBufferAsItWas() throws {
        var buffer: [UInt8] = [1, 2, 3]
        #expect(throws: EncodingError.self) {
            try WireEncoder().encode(FieldsChain(depth: WireEncoder.maximumDepth + 1), into: &buffer)
        }
        #expect(buffer == [1, 2, 3])
    }
}
