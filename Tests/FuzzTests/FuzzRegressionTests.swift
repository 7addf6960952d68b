@testable import BackgroundApp
import BackgroundCommands
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
@testable import Newsstand
@testable import NewsstandSystem
import Testing
@testable import TheBackgrounder

/// The inputs the fuzz tests found, each kept as a test of its own.
@Suite("Fuzz: what the fuzzers found")
struct FuzzRegressionTests {
    /// A time zone of one digit, `+0`, read past the end of the time and trapped (a range whose
    /// lower bound is above its upper bound): in a GPX `<time>` or a gpsd TPV's `time`.
    @Test func aTimeZoneOfOneDigitIsNotATimeInsteadOfATrap() throws {
        for text in ["2026-03-08T03:31:11+0", "2026-03-08T03:31:11-1", "2026-03-08T03:31:11+05:3", "2026-03-08T03:31:11+05"] {
            #expect(Array(text.utf8).withUnsafeBufferPointer { UTCDateText.seconds(in: $0, 0..<$0.count) } == nil, "\(text)")
        }
        #expect(Array("2026-03-08T03:31:11+05:30".utf8).withUnsafeBufferPointer { UTCDateText.seconds(in: $0, 0..<$0.count) } == 1_772_920_871.0)
        let line = #"{"class":"TPV","mode":3,"time":"2026-03-08T03:31:11+0","lat":37.3,"lon":-122.0,"eph":5}"#
        guard case .bad(let what) = GPSDReading(line: line) else {
            Issue.record("a time of \"…+0\" was taken")
            return
        }
        #expect(what == #"a TPV whose time "2026-03-08T03:31:11+0" is not an ISO 8601 time"#)
        let gpx = #"<gpx><trkpt lat="1" lon="2"><time>2026-03-08T03:31:11+0</time></trkpt><trkpt lat="1" lon="2"/></gpx>"#
        let track = try TrackFile.parse(Data(gpx.utf8), source: "zone.gpx", name: "zone")
        #expect(track.issues.first?.message == #"<time> "2026-03-08T03:31:11+0" is not an ISO 8601 time; point skipped"#)
    }

    /// A fix 0.9996 s into a second was exported as the second before (the milliseconds rounded
    /// to 1000 and were dropped), so the next fix, at the following second, read back as "same
    /// time as the point before" and was lost.
    @Test func aTimeJustBeforeASecondIsWrittenAsTheNextSecond() throws {
        #expect(Timestamp.text(1_362_713_471.9996) == "2013-03-08T03:31:12Z")
        #expect(Timestamp.text(1_362_713_471.9994) == "2013-03-08T03:31:11.999Z")
        #expect(Timestamp.text(-0.0004) == "1970-01-01T00:00:00Z")
        let locations = [1_362_713_471.9996, 1_362_713_472.5].map { time in
            Location(
                coordinate: Coordinate(latitude: 37.3, longitude: -122), altitude: 0, horizontalAccuracy: 5, verticalAccuracy: -1,
                speed: -1, course: -1, timestamp: Date(timeIntervalSince1970: time))
        }
        let text = GPXWriter.header(name: "Edge") + locations.map(GPXWriter.point).joined() + GPXWriter.footer
        let track = try TrackFile.parse(Data(text.utf8), source: "edge.gpx", name: "edge")
        #expect(track.points.map(\.time) == [1_362_713_472, 1_362_713_472.5])
    }

    /// An exported track with an empty name read back as a track named "" instead of the file's.
    @Test func anEmptyGPXNameIsNoName() throws {
        let gpx = #"<gpx><metadata><name>Meta</name></metadata><trk><name></name><trkpt lat="1" lon="2"/></trk></gpx>"#
        #expect(try TrackFile.parse(Data(gpx.utf8), source: "a.gpx", name: "a").name == "Meta")
        let bare = #"<gpx><trk><name>  </name><trkpt lat="1" lon="2"/></trk></gpx>"#
        #expect(try TrackFile.parse(Data(bare.utf8), source: "b.gpx", name: "b").name == "b")
    }

    /// A quote or a backslash followed by a combining mark makes one `Character` with it, so the
    /// splitter did not see the quote: `"\u{301}a b"` was two words and a quote left open.
    @Test func aQuoteBeforeACombiningMarkIsStillAQuote() throws {
        #expect(try CommandWords.split("wait \"\u{301}a b\"") == ["wait", "\u{301}a b"])
        #expect(try CommandWords.split("say \\\"\u{301}") == ["say", "\"\u{301}"])
        #expect(throws: CommandError.invalidArgument("the quote \" is not closed in: a \"\u{301}")) {
            try CommandWords.split("a \"\u{301}")
        }
    }

    /// A task request file whose earliestBeginDate is 1e300 loaded, and the device trapped on
    /// boot turning the date into milliseconds of its clock (`Int64(1e303)`).
    @Test func aTaskRequestDateBeyondTheYear9999IsAnErrorNamingTheFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("backgrounder-fuzz-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = TaskRequestStore(directory: directory)
        try store.save([ScheduledTaskRequest(kind: .appRefresh, identifier: "refresh")])
        try Data(#"{"version":1,"requests":[{"kind":"appRefresh","identifier":"refresh","earliestBeginDate":1e300,"requiresNetworkConnectivity":false,"requiresExternalPower":false}]}"#.utf8)
            .write(to: store.fileURL)
        #expect(throws: TaskRequestStoreError(
            path: store.fileURL.path, reason: #"the earliestBeginDate of "refresh", 1e+300, is not a time from 1970 to 9999"#)
        ) {
            try store.load()
        }
        let device = TestDevice(infoPlist: InfoPlist(backgroundModes: [.fetch]), storageDirectory: directory) { _ in
            PlainDelegate()
        }
        #expect(device.console.recentMessages.contains { $0.contains("earliestBeginDate") })
        device.shutdown()
    }

    /// gpsd's epx of 1e200 squared to infinity: a fix with an infinite accuracy was delivered.
    @Test func anErrorBoxTooLargeToMeasureIsNoAccuracy() {
        let line = #"{"class":"TPV","mode":3,"time":"2026-03-08T03:31:11Z","lat":37.3,"lon":-122.0,"epx":1e200,"epy":3}"#
        guard case .fix(let report, _, _, _) = GPSDReading(line: line) else {
            Issue.record("not a fix")
            return
        }
        #expect(report.horizontalAccuracy == nil)
    }

    /// An ERROR object with `"message":""` made the console line "reports an error: " with nothing after it.
    @Test func anEmptyErrorMessageSaysThereIsNone() {
        guard case .error(let message) = GPSDReading(line: #"{"class":"ERROR","message":""}"#) else {
            Issue.record("not an error")
            return
        }
        #expect(message == "(no message)")
    }

    /// "/" followed by a combining mark is one `Character` that is not "/": `a/\u{301}b` and
    /// `../\u{301}x` passed as file names and would have left the issue's directory.
    @Test func aSlashBeforeACombiningMarkIsStillASlash() {
        for name in ["a/\u{301}b", "../\u{301}x", "\u{FFFD}/\u{331}"] {
            #expect(SafeName.problem(with: name) == "it contains \"/\", which would leave its directory", "\(name.debugDescription)")
        }
        #expect(SafeName.problem(with: "a\0\u{301}") == "it contains a NUL byte")
    }

    /// An exported track named `<\u{301}3B` kept its "<" (it and the mark are one `Character`),
    /// and the file did not read back: "malformed XML: unexpected "<"".
    @Test func aNameWithALessThanBeforeACombiningMarkIsEscaped() throws {
        #expect(GPXWriter.escape("<\u{301}3B&>") == "&lt;\u{301}3B&amp;&gt;")
        let location = Location(
            coordinate: Coordinate(latitude: 1, longitude: 2), altitude: 0, horizontalAccuracy: 5, verticalAccuracy: -1,
            speed: -1, course: -1, timestamp: Date(timeIntervalSince1970: 1_362_713_471))
        let text = GPXWriter.header(name: "<\u{301}3B") + GPXWriter.point(location) + GPXWriter.footer
        #expect(try TrackFile.parse(Data(text.utf8), source: "mark.gpx", name: "mark").name == "<\u{301}3B")
    }

    /// A name with an "&" and no ";" after it came out with its start twice: "a & b" read as
    /// "a a & b"; and "&gt;" followed by a combining mark was not decoded.
    @Test func anAmpersandWithoutItsSemicolonIsKeptOnce() throws {
        let gpx = #"<gpx><trk><name>a & b</name><trkpt lat="1" lon="2"/></trk></gpx>"#
        #expect(try TrackFile.parse(Data(gpx.utf8), source: "amp.gpx", name: "amp").name == "a & b")
        let mark = "<gpx><trk><name>&gt;\u{301}|</name><trkpt lat=\"1\" lon=\"2\"/></trk></gpx>"
        #expect(try TrackFile.parse(Data(mark.utf8), source: "mark.gpx", name: "mark").name == ">\u{301}|")
    }
}
