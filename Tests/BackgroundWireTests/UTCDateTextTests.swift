import BackgroundWire
import Foundation
import Testing

/// `UTCDateText` writes what Foundation's formatters write, without them, and reads it back.
@Suite("Dates as text in UTC")
struct UTCDateTextTests {
    /// Moments from 1900 to 2200, with fractions of a second, before and after 1970, and the
    /// days that catch calendar arithmetic out.
    static let moments: [Date] = {
        var generator = SeededRandom(seed: 42)
        let spread = (0..<2_000).map { _ in
            Date(timeIntervalSince1970: Double.random(in: -2_208_988_800...7_258_118_400, using: &generator))
        }
        let edges = [
            "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2000-02-29T12:00:00Z", "2024-02-29T23:59:59Z",
            "1900-03-01T00:00:00Z", "2100-02-28T23:59:59Z", "2026-12-31T23:59:59Z", "2027-01-01T00:00:00Z",
        ].map { try! Date($0, strategy: .iso8601) }
        return spread + edges + edges.map { $0.addingTimeInterval(0.999) } + edges.map { $0.addingTimeInterval(-0.001) }
    }()

    @Test func iso8601IsWhatFoundationsStyleWrites() {
        for moment in Self.moments {
            #expect(UTCDateText.iso8601(moment) == moment.formatted(.iso8601), "\(moment.timeIntervalSince1970)")
        }
    }

    @Test func storageIsWhatGRDBsFormatterWrites() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        for moment in Self.moments {
            #expect(UTCDateText.storage(moment) == formatter.string(from: moment), "\(moment.timeIntervalSince1970)")
        }
    }

    /// Foundation's fractional form drops what is below the millisecond, the GPX form rounds to
    /// the nearest: Foundation is given the nearest millisecond and a tenth of one more, which a
    /// `Double` of the time holds (and it drops).
    @Test func iso8601MillisecondsIsFoundationsFractionalFormWithoutAZeroFraction() {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for moment in Self.moments {
            let nearest = (moment.timeIntervalSince1970 * 1_000).rounded() / 1_000
            let foundations = Date(timeIntervalSince1970: nearest + 0.000_1).formatted(style)
                .replacingOccurrences(of: ".000Z", with: "Z")
            #expect(UTCDateText.iso8601Milliseconds(moment) == foundations, "\(moment.timeIntervalSince1970)")
        }
    }

    @Test func everyFormReadsBackAsTheSameText() throws {
        for moment in Self.moments {
            let storage = UTCDateText.storage(moment), iso8601 = UTCDateText.iso8601(moment)
            let milliseconds = UTCDateText.iso8601Milliseconds(moment)
            #expect(try UTCDateText.storage(#require(UTCDateText.date(from: storage))) == storage)
            #expect(try UTCDateText.iso8601(#require(UTCDateText.date(from: iso8601))) == iso8601)
            #expect(try UTCDateText.iso8601Milliseconds(#require(UTCDateText.date(from: milliseconds))) == milliseconds)
        }
    }

    @Test func storageRoundsToTheNearestMillisecondAndISO8601DropsTheFraction() {
        for (seconds, storage, iso8601) in [
            (1_763_764_271.0426, "2025-11-21 22:31:11.043", "2025-11-21T22:31:11Z"),
            (1_763_764_271.0424, "2025-11-21 22:31:11.042", "2025-11-21T22:31:11Z"),
            (1_763_764_271.9996, "2025-11-21 22:31:12.000", "2025-11-21T22:31:11Z"),
            (-0.0004, "1970-01-01 00:00:00.000", "1969-12-31T23:59:59Z"),
            (-0.0006, "1969-12-31 23:59:59.999", "1969-12-31T23:59:59Z"),
        ] {
            let moment = Date(timeIntervalSince1970: seconds)
            #expect(UTCDateText.storage(moment) == storage)
            #expect(UTCDateText.iso8601(moment) == iso8601)
        }
    }

    @Test func offsetsAndFractionsReadAsFoundationReadsThem() throws {
        for text in ["2026-11-21T22:31:11+01:00", "2026-11-21T22:31:11-05:30", "2026-11-21T22:31:11.5Z", "2026-11-21T22:31:11.123Z"] {
            let foundations = try Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains(".")))
            let ours = try #require(UTCDateText.date(from: text))
            #expect(abs(ours.timeIntervalSince(foundations)) < 1e-6, "\(text)")
        }
        #expect(UTCDateText.date(from: "2025-11-21 22:31:11") == Date(timeIntervalSince1970: 1_763_764_271))
        #expect(UTCDateText.date(from: "2025-11-21T22:31:11+0100") == Date(timeIntervalSince1970: 1_763_760_671))
    }

    /// One reader serves `status`, stored dates, GPX files and gpsd: every digit of a fraction
    /// counts (a GPX time may carry microseconds), and ISO 8601's lowercase `t` and `z`, a leap
    /// second and blanks around the time (a GPX `<time>`'s text) read too.
    @Test func everyDigitOfAFractionCountsAndTheLenientFormsRead() throws {
        let base = 1_763_764_271.0
        let micro = try #require(UTCDateText.date(from: "2025-11-21T22:31:11.123456Z")).timeIntervalSince1970
        #expect(abs(micro - (base + 0.123_456)) < 1e-6)
        #expect(UTCDateText.date(from: "2025-11-21t22:31:11.5z") == Date(timeIntervalSince1970: base + 0.5))
        #expect(UTCDateText.date(from: " 2025-11-21T22:31:11Z\n") == Date(timeIntervalSince1970: base))
        #expect(UTCDateText.date(from: "2025-11-21T22:31:60Z") == Date(timeIntervalSince1970: base + 49))
        let bytes = Array("<time>2025-11-21T23:31:11+01:00</time>".utf8)
        #expect(bytes.withUnsafeBufferPointer { UTCDateText.seconds(in: $0, 6..<31) } == base)
        #expect(bytes.withUnsafeBufferPointer { UTCDateText.seconds(in: $0, 6..<30) } == nil, "the offset cut short")
    }

    @Test(arguments: [
        "", "2026", "2026-11-21", "2026-11-21T22:31", "2026-11-21T22:31:11Zjunk", "2026-02-30T00:00:00Z",
        "2025-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-11-21T24:00:00Z",
        "2026-11-21T22:60:00Z", "2026-11-21T22:31:61Z", "2026-11-21T22:31:11.Z", "2026-11-21T22:31:11+2",
        "2026-11-21T22:31:11+25:00", "2026/11/21T22:31:11Z", "２０２６-11-21T22:31:11Z", "-026-11-21T22:31:11Z",
    ])
    func anythingElseIsNoDate(text: String) {
        #expect(UTCDateText.date(from: text) == nil)
    }
}
