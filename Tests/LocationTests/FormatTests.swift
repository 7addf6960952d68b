import BackgroundWire
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

@Suite("GPX files", .temporaryDirectory)
struct GPXTests {
    @Test func readsPointsWithTimeElevationAndAccuracy() throws {
        let track = try TrackFixtures.track(TrackFixtures.gpx(count: 3, hdop: { Double($0 + 1) }))
        #expect(track.name == "Test Walk")
        #expect(track.points.count == 3)
        #expect(track.issues.isEmpty)
        #expect(track.points[0].coordinate == TrackFixtures.start)
        #expect(track.points[0].time == TrackFixtures.startTime)
        #expect(track.points[2].time == TrackFixtures.startTime + 2)
        #expect(track.points.map(\.horizontalAccuracy) == [5, 10, 15])
        #expect(track.points[1].altitude == 10)
        #expect(track.duration == 2)
    }

    @Test func readsTheBuiltInRoutes() throws {
        for route in BuiltInRoute.allCases {
            let track = try route.track()
            #expect(track.name == route.title)
            #expect(track.issues.isEmpty)
            #expect(track.points.count > 500)
            let fastest = zip(track.points, track.points.dropFirst()).map { a, b in
                a.coordinate.distance(to: b.coordinate) / (b.time - a.time)
            }.max()!
            switch route {
            case .freewayDrive: #expect(fastest > 28 && fastest <= 30.5)
            case .cityRun: #expect(fastest > 2.5 && fastest < 4)
            case .cityBicycleRide: #expect(fastest > 6 && fastest < 9)
            }
        }
        #expect(try BuiltInRoute.freewayDrive.track().points[0].coordinate == TrackFixtures.start)
    }

    @Test func acceptsCommentsCDATAPrefixesBOMAndWaypointsWithoutTime() throws {
        let text = "\u{FEFF}" + """
            <?xml version="1.0"?>
            <!DOCTYPE gpx>
            <!-- a comment with <trkpt lat="1" lon="1"> inside -->
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:metadata><g:name>Tom &amp; Jerry</g:name></g:metadata>
            <g:wpt lat='37.1' lon='-122.1'><g:name><![CDATA[a <b>]]></g:name></g:wpt>
            <g:wpt lat="37.2" lon="-122.2"/>
            </g:gpx>
            """
        let track = try TrackFixtures.track(text)
        #expect(track.name == "Tom & Jerry")
        #expect(track.points.map(\.coordinate) == [
            Coordinate(latitude: 37.1, longitude: -122.1), Coordinate(latitude: 37.2, longitude: -122.2),
        ])
        #expect(track.points.map(\.time) == [1, 2])
        #expect(track.points[0].horizontalAccuracy == 5)
    }

    @Test(arguments: [
        ("<trkpt lat=\"NaN\" lon=\"-122\"><time>2013-03-08T03:31:12Z</time></trkpt>", "test.gpx:4: lat \"NaN\" is not a number; point skipped"),
        ("<trkpt lat=\"91.5\" lon=\"-122\"><time>2013-03-08T03:31:12Z</time></trkpt>", "test.gpx:4: latitude 91.5 is over 90; point skipped"),
        ("<trkpt lat=\"37\" lon=\"-190\"><time>2013-03-08T03:31:12Z</time></trkpt>", "test.gpx:4: longitude -190 is under -180; point skipped"),
        ("<trkpt lat=\"37\" lon=\"-122\"><time>2013-03-08T03:31:10Z</time></trkpt>",
         "test.gpx:4: time goes backwards (2013-03-08T03:31:10Z after 2013-03-08T03:31:11Z); point skipped"),
        ("<trkpt lat=\"37\" lon=\"-122\"><time>2013-03-08T03:31:11Z</time></trkpt>",
         "test.gpx:4: same time as the point before (2013-03-08T03:31:11Z after 2013-03-08T03:31:11Z); point skipped"),
        ("<trkpt lat=\"37\" lon=\"-122\"><time>yesterday</time></trkpt>", "test.gpx:4: <time> \"yesterday\" is not an ISO 8601 time; point skipped"),
        ("<trkpt lat=\"37\" lon=\"-122\"><time>2013-02-30T03:31:12Z</time></trkpt>", "test.gpx:4: <time> \"2013-02-30T03:31:12Z\" is not an ISO 8601 time; point skipped"),
        ("<trkpt lon=\"-122\"><time>2013-03-08T03:31:12Z</time></trkpt>", "test.gpx:4: no lat attribute; point skipped"),
        ("<trkpt lat=\"37\" lon=\"-122\"><hdop>-1</hdop><time>2013-03-08T03:31:12Z</time></trkpt>", "test.gpx:4: <hdop> \"-1\" is not a dilution of precision; point skipped"),
    ])
    func aBadPointIsSkippedWithAClearMessage(point: String, message: String) throws {
        let text = """
            <gpx version="1.1">
            <trk><trkseg>
            <trkpt lat="37.1" lon="-122.1"><time>2013-03-08T03:31:11Z</time></trkpt>
            \(point)
            <trkpt lat="37.3" lon="-122.3"><time>2013-03-08T03:31:20Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let track = try TrackFixtures.track(text)
        #expect(track.points.count == 2)
        #expect(track.issues.map(\.description) == [message])
    }

    @Test func aTruncatedFileKeepsThePointsBeforeTheCut() throws {
        let whole = TrackFixtures.gpx(count: 10)
        let cut = String(whole.prefix(whole.range(of: "<trkpt", options: .backwards)!.lowerBound.utf16Offset(in: whole) + 40))
        let track = try TrackFixtures.track(cut)
        #expect(track.points.count == 9)
        #expect(track.issues.map(\.description) == ["test.gpx:12: the file ends inside <trkpt> (truncated?); the unfinished point is skipped"])
    }

    @Test func malformedXMLStopsTheReadingWithTheLine() throws {
        let text = """
            <gpx><trk><trkseg>
            <trkpt lat="37.1" lon="-122.1"><time>2013-03-08T03:31:11Z</time></trkpt>
            <trkpt lat="37.2" lon="-122.2"><time>2013-03-08T03:31:12Z</time></trkseg>
            <trkpt lat="37.3" lon="-122.3"><time>2013-03-08T03:31:13Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let track = try TrackFixtures.track(text)
        #expect(track.points.count == 1)
        #expect(track.issues.map(\.description) == [
            "test.gpx:3: malformed XML: </trkseg> closes <trkpt>; the rest of the file is skipped",
        ])
    }

    @Test func filesThatAreNotGPXAreRefusedByName() {
        #expect(throws: TrackError.notGPX(file: "test.gpx", reason: "the root element is <kml>, not <gpx>")) {
            try TrackFixtures.track("<kml><Placemark/></kml>")
        }
        #expect(throws: TrackError.unknownFormat(file: "test.gpx")) {
            try TrackFixtures.track("\u{1}\u{2}garbage\u{FF}")
        }
        #expect(throws: TrackError.unknownFormat(file: "test.gpx")) { try TrackFixtures.track("") }
        #expect(throws: TrackError.noPoints(file: "test.gpx", issues: [], issueCount: 0)) {
            try TrackFixtures.track("<gpx></gpx>")
        }
        #expect(throws: TrackError.notGPX(file: "test.gpx", reason: "it has no root element")) {
            try TrackFixtures.track("<!-- only a comment -->")
        }
    }

    @Test func garbageInsideTheFileKeepsAFewMessagesAndCountsTheRest() throws {
        var text = "<gpx>\n"
        for _ in 0..<5000 { text += "<wpt lat=\"x\" lon=\"y\"/>\n" }
        text += "<wpt lat=\"1\" lon=\"2\"/>\n</gpx>"
        let track = try TrackFixtures.track(text)
        #expect(track.points.count == 1)
        #expect(track.issues.count == TrackBuilder.issueLimit)
        #expect(track.issueCount == 5000)
        #expect(track.issues[0].description == "test.gpx:2: lat \"x\" is not a number; point skipped")
    }

    @Test func aMissingOrHugeFileIsRefusedByName() throws {
        #expect(throws: TrackError.unreadable(file: "/nonexistent/walk.gpx", reason: "no such file")) {
            try TrackFile.load(path: "/nonexistent/walk.gpx")
        }
        let directory = TemporaryDirectory.make()
        #expect(throws: TrackError.unreadable(file: directory.path, reason: "it is a folder, not a file")) {
            try TrackFile.load(path: directory.path)
        }
        let big = directory.appendingPathComponent("big.gpx")
        _ = FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(TrackFile.maximumSize + 1))
        try handle.close()
        #expect(throws: TrackError.tooLarge(file: big.path, bytes: TrackFile.maximumSize + 1, limit: TrackFile.maximumSize)) {
            try TrackFile.load(path: big.path)
        }
    }

    @Test func timestampsReadEveryISO8601FormOfGPX() {
        func parse(_ text: String) -> Double? {
            Array(text.utf8).withUnsafeBufferPointer { UTCDateText.seconds(in: $0, 0..<$0.count) }
        }
        #expect(parse("2013-03-08T03:31:11Z") == TrackFixtures.startTime)
        #expect(parse("2013-03-07T22:31:11-05:00") == TrackFixtures.startTime)
        #expect(parse("2013-03-08T05:31:11.250+0200") == TrackFixtures.startTime + 0.25)
        #expect(parse(" 2013-03-08T03:31:11 ") == TrackFixtures.startTime)
        #expect(parse("2024-02-29T00:00:00Z") == 1_709_164_800)
        #expect(parse("2023-02-29T00:00:00Z") == nil)
        #expect(parse("2013-03-08T24:00:00Z") == nil)
        #expect(parse("2013-03-08") == nil)
        #expect(Timestamp.text(TrackFixtures.startTime + 0.5) == "2013-03-08T03:31:11.500Z")
        #expect(Timestamp.text(-1) == "1969-12-31T23:59:59Z")
    }
}
