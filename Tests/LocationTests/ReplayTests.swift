import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// Updates from a replayed route on manual time: timing, accuracy levels, the distance filter.
@Suite("Replay and filters on manual time", .temporaryDirectory)
struct ReplayTests {
    /// Accuracies of a test track, one a second: 3 m to 5 km in a fixed scramble.
    static let accuracies: [Double] = [3, 8, 30, 80, 300, 800, 2500, 5000]
    static func accuracy(at second: Int) -> Double { accuracies[(second * 7) % 8] }

    /// A device on manual time whose app has the screen on, following `text` from now on.
    private func rig(following text: String, speed: Double = 1, accuracy: LocationAccuracy = .best, distance: DistanceFilter = .none) throws -> LocationRig {
        let rig = LocationRig()
        rig.device.launch()
        rig.simulate(try TrackFixtures.track(text), speed: speed)
        rig.screen { screen in
            screen.selectAccuracy(accuracy)
            screen.setDistanceFilter(distance)
            screen.setOn(true)
        }
        return rig
    }


    @Test func aGPXIsReplayedAtItsOwnPaceWithItsPointsOnTheSeconds() throws {
        let rig = try rig(following: TrackFixtures.gpx(count: 11))
        rig.device.advance(by: .seconds(30))
        let fixes = try rig.storedFixes()
        #expect(fixes.count == 11)
        #expect(fixes.map(\.timestamp.timeIntervalSince1970) == (0...10).map { Device.manualEpoch.timeIntervalSince1970 + Double($0) })
        let track = try TrackFixtures.track(TrackFixtures.gpx(count: 11))
        #expect(fixes.map(\.coordinate) == track.points.map(\.coordinate))
        #expect(fixes.dropFirst().allSatisfy { abs($0.speed - 10) < 0.001 && abs($0.course) < 1e-6 })
        #expect(rig.lines(containing: "Simulated route Test Walk has ended").count == 1)
        #expect(rig.snapshot?.storedCount == 11)
    }

    @Test func aSpeedFactorReplaysFaster() throws {
        let rig = try rig(following: TrackFixtures.gpx(count: 21), speed: 4)
        rig.device.advance(by: .seconds(4))
        // One fix a second of device time, four seconds of track apart: t = 0, 4, 8, 12, 16.
        let track = try TrackFixtures.track(TrackFixtures.gpx(count: 21))
        #expect(try rig.storedFixes().map(\.coordinate) == [0, 4, 8, 12, 16].map { track.points[$0].coordinate })
        rig.device.advance(by: .seconds(10))
        #expect(try rig.storedFixes().count == 6)
    }

    @Test func aHalfSpeedReplayInterpolatesBetweenPoints() throws {
        let rig = try rig(following: TrackFixtures.gpx(count: 3), speed: 0.5)
        rig.device.advance(by: .seconds(10))
        let fixes = try rig.storedFixes()
        #expect(fixes.count == 5)
        let step = 10 / 111_195.08
        for (index, fix) in fixes.enumerated() {
            #expect(abs(fix.coordinate.latitude - (TrackFixtures.start.latitude + Double(index) * step / 2)) < 1e-8)
        }
    }

    @Test(arguments: [
        (LocationAccuracy.bestForNavigation, 121), (.best, 121), (.nearestTenMeters, 61), (.hundredMeters, 25),
        (.kilometer, 9), (.threeKilometers, 3),
    ])
    func eachAccuracyDeliversItsExactCount(accuracy: LocationAccuracy, expected: Int) throws {
        let text = TrackFixtures.gpx(count: 121, hdop: { Self.accuracy(at: $0) / TrackPoint.rangeError })
        let rig = try rig(following: text, accuracy: accuracy)
        rig.device.advance(by: .seconds(200))
        let fixes = try rig.storedFixes()
        #expect(fixes.count == expected)
        // The source was asked for a fix every interval: every fix falls on a multiple of it, and
        // each is delivered as the source gave it, however coarse.
        let interval = Int(accuracy.updateInterval.seconds)
        #expect(fixes.map(\.horizontalAccuracy) == stride(from: 0, through: 120, by: interval).map(Self.accuracy(at:)))
        #expect(fixes.allSatisfy { ($0.timestamp.timeIntervalSince1970 - Device.manualEpoch.timeIntervalSince1970).truncatingRemainder(dividingBy: Double(interval)) == 0 })
    }

    @Test(arguments: [(DistanceFilter.none, 121), (DistanceFilter(meters: 25)!, 41), (DistanceFilter(meters: 95)!, 13), (DistanceFilter(meters: 5_000)!, 1)])
    func theDistanceFilterDeliversItsExactCount(filter: DistanceFilter, expected: Int) throws {
        let rig = try rig(following: TrackFixtures.gpx(count: 121), distance: filter)
        rig.device.advance(by: .seconds(200))
        #expect(try rig.storedFixes().count == expected)
    }

    @Test func changingTheAccuracyRetunesTheSourceAtOnce() throws {
        let rig = try rig(following: TrackFixtures.gpx(count: 121), accuracy: .threeKilometers)
        rig.device.advance(by: .seconds(10))
        #expect(try rig.storedFixes().count == 1)  // t = 0; the next would be at 60
        rig.screen { $0.selectAccuracy(.best) }
        rig.device.advance(by: .seconds(5))
        // One new interval after the last fix is already past: the next comes now, t = 10 … 15.
        #expect(try rig.storedFixes().count == 7)
    }

    @Test func builtInRoutesLoopAndSayWhenTheyStartOver() throws {
        let rig = LocationRig()
        rig.device.launch()
        var track = try TrackFixtures.track(TrackFixtures.gpx(count: 5))
        track.name = "Loop"
        rig.service.simulate(track, loops: true)
        rig.screen { $0.setOn(true) }
        rig.device.advance(by: .seconds(11))
        #expect(rig.snapshot?.storedCount == 12)
        #expect(rig.lines(containing: "Simulated route Loop starts over").count == 2)
    }

    @Test func switchingOffStopsTheSourceAndOnStartsItAgain() throws {
        let rig = try rig(following: TrackFixtures.gpx(count: 121))
        rig.device.advance(by: .seconds(5))
        rig.screen { $0.setOn(false) }
        let timers = rig.device.loop.pendingTimers
        rig.device.advance(by: .seconds(20))
        #expect(rig.snapshot?.storedCount == 6)
        #expect(rig.snapshot?.on == false)
        rig.screen { $0.setOn(true) }
        rig.device.advance(by: .seconds(2))
        // The route went on meanwhile: the fixes resume at t = 25.
        let fixes = try rig.storedFixes()
        #expect(fixes.count == 9)
        let track = try TrackFixtures.track(TrackFixtures.gpx(count: 121))
        #expect(fixes[6].coordinate == track.points[25].coordinate)
        #expect(timers <= 1)
    }
}
