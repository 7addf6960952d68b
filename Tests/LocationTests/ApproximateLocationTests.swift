import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// iOS 14's approximate location: the Precise switch, `accuracyAuthorization`, and the fixes an
/// app with reduced accuracy gets.
@Suite("Approximate location", .temporaryDirectory)
struct ApproximateLocationTests {
    @Test func theAlertsPreciseSwitchOffGivesApproximateFixesFourTimesAnHour() throws {
        let rig = LocationRig(iOS: 14, answer: .ask)
        rig.device.launch()
        try rig.press("Precise: On")
        // The switch flipped: the same alert, shown again.
        #expect(rig.device.alerts.onScreen.count == 1)
        #expect(rig.alertButtons == ["Precise: Off", "Allow Once", "Allow While Using App", "Don’t Allow"])
        try rig.press("Allow While Using App")
        #expect(rig.snapshot?.authorization == .authorizedAlways)
        #expect(rig.snapshot?.accuracyAuthorization == .reducedAccuracy)
        #expect(rig.lines(containing: "Location authorization: authorizedAlways, reducedAccuracy").count == 1)
        let track = try TrackFixtures.track(TrackFixtures.gpx(count: 3_700))
        rig.simulate(track)
        rig.screen { $0.setOn(true) }
        rig.device.advance(by: .seconds(3_599))
        let fixes = try rig.storedFixes()
        // t = 0, 15, 30 and 45 minutes, each its cell's center, accurate to the cell.
        #expect(fixes.count == 4)
        for (fix, minute) in zip(fixes, [0, 15, 30, 45]) {
            let truth = track.points[minute * 60]
            #expect(fix.coordinate == ApproximateLocation.coarsened(Location(coordinate: truth.coordinate, horizontalAccuracy: 5, timestamp: .now)).coordinate)
            #expect(fix.distance(from: Location(coordinate: truth.coordinate, horizontalAccuracy: 5, timestamp: .now)) <= fix.horizontalAccuracy)
            #expect((1_000...20_000).contains(fix.horizontalAccuracy))
            #expect(fix.speed == -1 && fix.course == -1 && fix.verticalAccuracy == -1)
        }
        // The desired accuracy changes nothing then: the next fix is due at 60 minutes all the same.
        rig.screen { $0.selectAccuracy(.best) }
        rig.device.advance(by: .seconds(60))
        #expect(try rig.storedFixes().map { $0.timestamp.timeIntervalSince(Device.manualEpoch) } == [0, 900, 1_800, 2_700, 3_600])
    }

    @Test func preciseLocationCanBeTurnedOffInSettingsAndTheManagerHears() throws {
        let rig = LocationRig(iOS: 17)
        rig.device.launch()
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 3_000)))
        rig.screen { $0.setOn(true) }
        rig.device.advance(by: .seconds(4))
        #expect(rig.snapshot?.storedCount == 5)
        #expect(rig.snapshot?.accuracyAuthorization == .fullAccuracy)
        try rig.service.setPrecise(false)
        rig.device.runUntilIdle()
        #expect(rig.snapshot?.accuracyAuthorization == .reducedAccuracy)
        rig.device.advance(by: .seconds(20 * 60))
        // The source now rests a minute between fixes (t = 64, 124, …): an approximate fix at
        // once, the next 15 minutes later.
        let fixes = try rig.storedFixes()
        #expect(fixes.suffix(2).map { $0.timestamp.timeIntervalSince(Device.manualEpoch) } == [64, 964])
        #expect(fixes.count == 7)
        #expect(fixes.suffix(2).allSatisfy { $0.horizontalAccuracy > 1_000 })
        try rig.service.setPrecise(true)
        rig.device.advance(by: .seconds(60))
        #expect(rig.snapshot?.accuracyAuthorization == .fullAccuracy)
        #expect(try rig.storedFixes().last?.horizontalAccuracy == 5)
    }

    @Test func anApproximateFixIsItsCellsCenterAndCoversTheTruePosition() {
        // Seeded, so that a failure repeats.
        var generator = SeededRandom(seed: 14)
        for _ in 0..<2_000 {
            let truth = Location(
                coordinate: Coordinate(latitude: .random(in: -89.9...89.9, using: &generator), longitude: .random(in: -180...180, using: &generator)),
                horizontalAccuracy: 5, timestamp: .now)
            let fix = ApproximateLocation.coarsened(truth)
            #expect(fix.isValid)
            #expect(fix.distance(from: truth) <= fix.horizontalAccuracy)
            if abs(truth.coordinate.latitude) < 80 { #expect((1_000...20_000).contains(fix.horizontalAccuracy)) }
            // A point nearby in the same cell gets the same fix.
            var near = truth
            near.coordinate.latitude = (truth.coordinate.latitude / 0.05).rounded(.down) * 0.05 + 0.025
            #expect(ApproximateLocation.coarsened(near).coordinate.latitude == fix.coordinate.latitude)
        }
    }

    @Test func approximateFixesComeAtMostEveryFifteenMinutes() {
        var approximate = ApproximateLocation()
        let fix = Location(coordinate: TrackFixtures.start, horizontalAccuracy: 5, timestamp: .now)
        #expect(approximate.admit(fix, at: .seconds(100)) != nil)
        #expect(approximate.admit(fix, at: .seconds(100 + 899)) == nil)
        #expect(approximate.admit(fix, at: .seconds(100 + 900)) != nil)
    }
}
