import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// The Location screen: the 100-pin window, its region, and the track that survives a restart.
@Suite("The Location screen", .temporaryDirectory)
struct ScreenTests {
    @Test func theLast100PinsStayAndTheRegionSpansThemAsTheTutorialComputesIt() throws {
        let rig = LocationRig()
        rig.device.launch()
        let track = try TrackFixtures.track(TrackFixtures.gpx(count: 150))
        rig.simulate(track)
        rig.screen { $0.setOn(true) }
        rig.device.advance(by: .seconds(149))
        let pins = rig.screen { Array($0.pins.map(\.coordinate)) }!
        #expect(pins == track.points[50...].map(\.coordinate))
        #expect(rig.snapshot?.pins == 100)
        #expect(rig.snapshot?.pinCoordinates == pins.map { [$0.latitude, $0.longitude] })
        #expect(rig.snapshot?.storedCount == 150)
        // The tutorial's own arithmetic, on the same doubles.
        let latitudes = pins.map(\.latitude), longitudes = pins.map(\.longitude)
        let span = MapRegion.Span(
            latitudeDelta: (latitudes.max()! + 90) - (latitudes.min()! + 90),
            longitudeDelta: (longitudes.max()! + 180) - (longitudes.min()! + 180))
        let expected = MapRegion(
            center: Coordinate(latitude: latitudes.min()! + span.latitudeDelta / 2, longitude: longitudes.min()! + span.longitudeDelta / 2),
            span: span)
        #expect(rig.snapshot?.region == expected)
        #expect(abs(span.latitudeDelta - 990 / 111_195.08) < 1e-8)
        #expect(span.longitudeDelta == 0)
    }

    @Test func theRegionIsLeftAloneInTheBackgroundAndCatchesUpOnOpen() throws {
        let rig = LocationRig()
        rig.device.launch()
        let track = try TrackFixtures.track(TrackFixtures.gpx(count: 50))
        rig.simulate(track)
        rig.screen { $0.setOn(true) }
        rig.device.advance(by: .seconds(4))
        let before = rig.snapshot?.region
        #expect(before == MapRegion(spanning: track.points[0...4].map(\.coordinate)))
        rig.device.pressHome()
        rig.device.advance(by: .seconds(10))
        #expect(rig.snapshot?.region == before)
        #expect(rig.snapshot?.pins == 15)
        rig.device.openApp()
        #expect(rig.snapshot?.region == MapRegion(spanning: track.points[0...14].map(\.coordinate)))
    }

    @Test func theTrackSurvivesARestartOnTheSameDataDirectory() throws {
        let storeURL = TemporaryDirectory.make().appendingPathComponent("location/track.sqlite")
        let track = try TrackFixtures.track(TrackFixtures.gpx(count: 300))
        do {
            let rig = LocationRig(storeURL: storeURL)
            rig.device.launch()
            rig.simulate(track)
            rig.screen { $0.setOn(true) }
            rig.device.pressHome()
            rig.device.advance(by: .seconds(119))
            rig.device.terminate()
            rig.device.advance(by: .seconds(10))
        }
        let rig = LocationRig(storeURL: storeURL)
        rig.device.launch()
        #expect(rig.snapshot?.storedCount == 120)
        #expect(rig.snapshot?.pins == 100)
        #expect(rig.snapshot?.on == false)
        #expect(rig.snapshot?.lastFix?.latitude == track.points[119].coordinate.latitude)
        let pins = rig.screen { Array($0.pins.map(\.coordinate)) }!
        #expect(pins == track.points[20..<120].map(\.coordinate))
        // The region of the stored pins is shown once the app is active.
        #expect(rig.snapshot?.region == MapRegion(spanning: pins))
    }

    @Test func theSnapshotHasEveryKeyEvenWhenEmpty() throws {
        let rig = LocationRig()
        rig.device.launch()
        let json = rig.device.statusJSON()
        let status = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let location = try #require((status["screens"] as? [String: Any])?["location"] as? [String: Any])
        #expect(Set(location.keys) == [
            "on", "accuracy", "distanceFilter", "authorization", "accuracyAuthorization", "paused", "storedCount", "pins",
            "pinCoordinates", "lastFix", "region", "storeProblem", "significantChanges", "regions", "visits", "marks",
            "backgroundActivitySession",
        ])
        #expect((location["marks"] as? [Any])?.isEmpty == true)
        #expect(location["visits"] as? Bool == false)
        #expect((location["regions"] as? [Any])?.isEmpty == true)
        #expect((location["pinCoordinates"] as? [Any])?.isEmpty == true)
        #expect(location["on"] as? Bool == false)
        #expect(location["accuracy"] as? String == "best")
        #expect(location["authorization"] as? String == "authorizedAlways")
        #expect(location["accuracyAuthorization"] as? String == "fullAccuracy")
        #expect(location["paused"] as? Bool == false)
        #expect(location["storedCount"] as? Int == 0)
        #expect(location["lastFix"] is NSNull)
        #expect(location["region"] is NSNull)
    }

    @Test func anUnwritableStoreKeepsPinsInMemoryAndSaysWhy() throws {
        let file = TemporaryDirectory.make().appendingPathComponent("not-a-folder")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8))
        let rig = LocationRig(storeURL: file.appendingPathComponent("track.sqlite"))
        rig.device.launch()
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 10)))
        rig.screen { $0.setOn(true) }
        rig.device.advance(by: .seconds(3))
        #expect(rig.snapshot?.pins == 4)
        #expect(rig.snapshot?.storedCount == 0)
        #expect(rig.snapshot?.storeProblem?.hasPrefix("cannot open the track store \(file.path)/track.sqlite") == true)
        #expect(rig.lines(containing: "locations are kept in memory only").count == 1)
    }

    @Test func aDamagedStoreIsMovedAsideKeptAndANewTrackBegun() throws {
        let folder = TemporaryDirectory.make()
        let storeURL = folder.appendingPathComponent("track.sqlite")
        let garbage = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: storeURL)
        let rig = LocationRig(storeURL: storeURL)
        rig.device.launch()
        #expect(rig.snapshot?.storeProblem == nil)
        #expect(rig.snapshot?.storedCount == 0)
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("track.sqlite.damaged-") }
        #expect(kept.count == 1)
        #expect(try Data(contentsOf: folder.appendingPathComponent(kept[0])) == garbage)
        #expect(rig.lines(containing: "the track store was damaged; it was kept as").count == 1)
    }
}
