import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import Location
@testable import LocationSystem
@testable import LocationWire

@Suite("The track store", .temporaryDirectory)
struct TrackStoreTests {
    private func fixes(_ count: Int, from start: Int = 0) -> [Location] {
        (start..<start + count).map { index in
            Location(
                coordinate: Coordinate(latitude: 37.3 + Double(index) * 1e-4, longitude: -122.03 - Double(index) * 1e-4),
                altitude: Double(index), horizontalAccuracy: 5, verticalAccuracy: 7.5, speed: 3, course: 315,
                timestamp: Date(timeIntervalSince1970: TrackFixtures.startTime + Double(index)))
        }
    }

    @Test func storesAndReadsBackFixesInOrder() throws {
        let url = TemporaryDirectory.make().appendingPathComponent("location/track.sqlite")
        let store = try TrackStore(url: url)
        try store.append(fixes(150))
        try store.append(fixes(1, from: 150))
        #expect(try store.count() == 151)
        #expect(try store.last(100) == Array(fixes(151).suffix(100)))
        var all: [Location] = []
        try store.forEach { all.append($0) }
        #expect(all == fixes(151))
        // Another connection reads what this one wrote.
        #expect(try TrackStore.reading(url: url).count() == 151)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func readingAStoreThatIsNotThereSaysSo() {
        #expect(throws: TrackStoreError.cannotOpen(path: "/nonexistent/track.sqlite", reason: "no track has been stored there yet")) {
            try TrackStore.reading(url: URL(fileURLWithPath: "/nonexistent/track.sqlite"))
        }
    }

    @Test func theExportIsGPXThatReadsBack() throws {
        let folder = TemporaryDirectory.make()
        let store = try TrackStore(url: folder.appendingPathComponent("track.sqlite"))
        try store.append(fixes(250))
        let destination = folder.appendingPathComponent("export.gpx")
        #expect(try store.exportGPX(to: destination, name: "Walk & Talk") == 250)
        let track = try TrackFile.load(path: destination.path)
        #expect(track.name == "Walk & Talk")
        #expect(track.issues.isEmpty)
        #expect(track.points.count == 250)
        for (point, fix) in zip(track.points, fixes(250)) {
            #expect(abs(point.coordinate.latitude - fix.coordinate.latitude) < 1e-8)
            #expect(abs(point.coordinate.longitude - fix.coordinate.longitude) < 1e-8)
            #expect(point.time == fix.timestamp.timeIntervalSince1970)
            #expect(abs(point.horizontalAccuracy - 5) < 1e-9)
            #expect(abs(point.verticalAccuracy! - 7.5) < 1e-9)
            #expect(point.altitude == fix.altitude)
        }
        // No partial file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("partial") }.isEmpty)
    }

    @Test func anExportToAMissingFolderFailsByNameAndLeavesNothing() throws {
        let folder = TemporaryDirectory.make()
        let store = try TrackStore(url: folder.appendingPathComponent("track.sqlite"))
        let destination = folder.appendingPathComponent("missing/export.gpx")
        #expect(throws: TrackStoreError.cannotWrite(path: destination.path, reason: "the folder \(folder.path)/missing does not exist")) {
            try store.exportGPX(to: destination, name: "x")
        }
    }

    @Test func theMapDrawsThePathThePinsAndTheRegion() throws {
        let folder = TemporaryDirectory.make()
        let store = try TrackStore(url: folder.appendingPathComponent("track.sqlite"))
        try store.append(fixes(300))
        let pins = try store.last(100).map(\.coordinate)
        let region = MapRegion(spanning: pins)
        let svg = try TrackMap(pins: pins, region: region, title: "Test <map>").svg(path: store)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("<title>Test &lt;map&gt;</title>"))
        #expect(svg.components(separatedBy: "<circle ").count - 1 == 100)
        #expect(svg.contains("<polyline id=\"path\""))
        #expect(svg.contains("<g id=\"region\"><rect"))
        #expect(svg.contains("300 stored fixes · 100 pins"))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        // XML that a parser accepts.
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse())
        let empty = try TrackMap(pins: [], region: nil, title: "Empty").svg(path: nil)
        #expect(empty.contains("No locations yet"))
    }

    @Test func theMapDrawsTheGeofencesAsNamedCircles() throws {
        let cafe = CircularRegion(center: TrackFixtures.north(1_000), radius: 200, identifier: "Café <1>")
        let polar = CircularRegion(center: Coordinate(latitude: 90, longitude: 0), radius: 400_000, identifier: "Pole")
        let svg = try TrackMap(pins: [TrackFixtures.start], region: nil, title: "Fences", geofences: [cafe, polar]).svg(path: nil)
        #expect(svg.components(separatedBy: "<circle class=\"geofence\"").count - 1 == 2)
        #expect(svg.contains(">Café &lt;1&gt;</text>"))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        #expect(XMLParser(data: Data(svg.utf8)).parse())
    }

    @Test func theMapMarksWhatTheAppHeardWithItsKindAndLabel() throws {
        let marks = [
            MapMark(.entry, label: "Cafe", at: TrackFixtures.north(900), time: Date(timeIntervalSince1970: 0)),
            MapMark(.departure, at: TrackFixtures.north(1_200), time: Date(timeIntervalSince1970: 60)),
        ]
        let marked = try TrackMap(pins: [TrackFixtures.start], region: nil, title: "Fences", marks: marks).svg(path: nil)
        #expect(marked.contains(#"<text class="mark mark-entry""#) && marked.contains("<title>entry Cafe</title>"))
        #expect(marked.contains(#"<text class="mark mark-departure""#) && marked.contains("<title>departure</title>"))
    }

    @Test func aKillDuringInsertsLosesNoCommittedFixAndCorruptsNothing() async throws {
        let url = TemporaryDirectory.make().appendingPathComponent("track.sqlite")
        for round in 1...3 {
            let writer = try InteractiveProcess(
                productsDirectory.appendingPathComponent("TrackStoreWriter").path, [url.path, "25", "\(400 * round + 20_000)"])
            // Let it commit a good number of batches, then kill it mid-stream.
            let committedEnough = await writer.waitFor { Self.acknowledged(by: $0) >= 400 * round }
            writer.stop()
            #expect(await writer.waitForExit() != nil)
            #expect(writer.termination?.reason == .uncaughtSignal)
            let acknowledged = Self.acknowledged(by: writer)
            let store = try TrackStore(url: url)
            #expect(try store.integrityCheck() == "ok")
            let count = try store.count()
            // Everything acknowledged is there; at most the batch being written when it died is
            // there too, whole (batches are transactions), never a part of one.
            #expect(count >= acknowledged)
            #expect(count % 25 == 0)
            var index = 0
            try store.forEach { fix in
                #expect(fix.altitude == Double(index))
                index += 1
            }
            #expect(committedEnough, "only \(acknowledged) fixes committed")
        }
    }

    /// The fixes the writer said it committed: its last `committed N` line.
    private static func acknowledged(by writer: InteractiveProcess) -> Int {
        writer.stdoutLines.last { $0.hasPrefix("committed ") }.flatMap { Int($0.dropFirst(10)) } ?? 0
    }
}
