import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

@Suite("Locations and filters", .temporaryDirectory)
struct DescriptionAndFilterTests {
    let tutorialFix = Location(
        coordinate: TrackFixtures.start, altitude: 0, horizontalAccuracy: 5, verticalAccuracy: -1,
        speed: 7.74, course: 246.09, timestamp: Date(timeIntervalSince1970: TrackFixtures.startTime))

    @Test func theDescriptionIsCoreLocations() {
        #expect(tutorialFix.description(in: TimeZone(identifier: "America/New_York")!)
            == "<+37.33500926,-122.03272188> +/- 5.00m (speed 7.74 mps / course 246.09) @ 3/7/13, 10:31:11 PM Eastern Standard Time")
        var summer = tutorialFix
        summer.timestamp = Date(timeIntervalSince1970: 1_473_128_407)  // 9/5/16, 10:20:07 PM in Denver
        summer.coordinate = Coordinate(latitude: -33.5, longitude: 151.25)
        #expect(summer.description(in: TimeZone(identifier: "America/Denver")!)
            == "<-33.50000000,+151.25000000> +/- 5.00m (speed 7.74 mps / course 246.09) @ 9/5/16, 8:20:07 PM Mountain Daylight Time")
        var noon = tutorialFix
        noon.timestamp = Date(timeIntervalSince1970: 1_362_762_000)  // 2013-03-08 12:00:00 in New York
        #expect(noon.description(in: TimeZone(identifier: "America/New_York")!).hasSuffix("@ 3/8/13, 12:00:00 PM Eastern Standard Time"))
        var midnight = tutorialFix
        midnight.timestamp = Date(timeIntervalSince1970: 1_362_718_800)  // 2013-03-08 00:00:00 in New York
        #expect(midnight.description(in: TimeZone(identifier: "America/New_York")!).hasSuffix("@ 3/8/13, 12:00:00 AM Eastern Standard Time"))
    }

    /// Fixes a second apart across the start and the end of daylight-saving time, then back in
    /// time: each is in the zone's offset and name of its own moment.
    @Test func fixesAcrossATransitionTakeTheZoneOfTheirOwnMoment() {
        let newYork = TimeZone(identifier: "America/New_York")!
        func text(_ seconds: TimeInterval) -> String {
            var fix = tutorialFix
            fix.timestamp = Date(timeIntervalSince1970: seconds)
            return String(fix.description(in: newYork).split(separator: "@ ")[1])
        }
        #expect(text(1_362_898_799) == "3/10/13, 1:59:59 AM Eastern Standard Time")  // 06:59:59 UTC
        #expect(text(1_362_898_800) == "3/10/13, 3:00:00 AM Eastern Daylight Time")
        #expect(text(1_383_458_399) == "11/3/13, 1:59:59 AM Eastern Daylight Time")  // 05:59:59 UTC
        #expect(text(1_383_458_400) == "11/3/13, 1:00:00 AM Eastern Standard Time")
        #expect(text(1_362_898_799) == "3/10/13, 1:59:59 AM Eastern Standard Time")
        #expect(text(1_362_898_800 + 86_400) == "3/11/13, 3:00:00 AM Eastern Daylight Time")
    }

    @Test func anAbsurdSpeedIsWrittenInFullNotCut() {
        var fast = tutorialFix
        fast.speed = 1e200
        let description = fast.description(in: TimeZone(identifier: "America/New_York")!)
        // The 201 digits that Foundation's formatting gives, not a text cut at a buffer's end.
        #expect(description.contains("(speed \(String(format: "%.2f", 1e200)) mps / course 246.09)"), "\(description)")
        #expect(description.hasSuffix("@ 3/7/13, 10:31:11 PM Eastern Standard Time"))
    }

    @Test func distancesAreGeodesic() {
        let a = Coordinate(latitude: 0, longitude: 0)
        #expect(abs(a.distance(to: Coordinate(latitude: 1, longitude: 0)) - 111_195.08) < 0.01)
        // Across the antimeridian the short way; and Cupertino to San Francisco, about 59.6 km
        // (WGS 84's geodesic is 59.64 km: the sphere is within 0.5 %).
        #expect(abs(Coordinate(latitude: 0, longitude: 179.5).distance(to: Coordinate(latitude: 0, longitude: -179.5)) - 111_195.08) < 0.01)
        let sanFrancisco = Coordinate(latitude: 37.7749, longitude: -122.4194)
        #expect(abs(TrackFixtures.start.distance(to: sanFrancisco) - 59_640) < 300)
        #expect(a.bearing(to: Coordinate(latitude: 0, longitude: 1)) == 90)
        #expect(a.bearing(to: Coordinate(latitude: -1, longitude: 0)) == 180)
        #expect(a.interpolated(to: Coordinate(latitude: 2, longitude: 4), fraction: 0.25) == Coordinate(latitude: 0.5, longitude: 1))
        #expect(Coordinate(latitude: 0, longitude: 179).interpolated(to: Coordinate(latitude: 0, longitude: -179), fraction: 0.75).longitude == -179.5)
    }

    @Test func fixesCoarserThanTheDesiredAccuracyAreDelivered() {
        func passes(_ meters: Double) -> Bool {
            var filter = LocationFilter()
            var fix = tutorialFix
            fix.horizontalAccuracy = meters
            return filter.admit(fix)
        }
        // Core Location delivers what it has, however coarse: the accuracy filters nothing.
        #expect([0, 10, 10.01, 100.5, 3_000.5, 50_000].allSatisfy(passes))
        // An invalid fix passes no filter.
        #expect(!passes(-1))
        #expect(!passes(.nan))
    }

    @Test func theDistanceFilterMeasuresFromTheLastFixDelivered() {
        var filter = LocationFilter(distance: DistanceFilter(meters: 25)!)
        var delivered = 0
        for step in 0..<100 {
            var fix = tutorialFix
            fix.coordinate.latitude += Double(step) * 10 / 111_195.08  // 10 m north each step
            if filter.admit(fix) { delivered += 1 }
        }
        // 0, 30, 60, … 990 m: every third step.
        #expect(delivered == 34)
    }

    @Test func namesAndArgumentsAreReadStrictly() {
        #expect(LocationAccuracy(name: "nearestTenMeters") == .nearestTenMeters)
        #expect(LocationAccuracy(name: "best-for-navigation") == .bestForNavigation)
        #expect(LocationAccuracy(name: "KILOMETER") == .kilometer)
        #expect(LocationAccuracy(name: "fast") == nil)
        #expect(DistanceFilter(parsing: "none") == DistanceFilter.none)
        #expect(DistanceFilter(parsing: "0") == DistanceFilter.none)
        #expect(DistanceFilter(parsing: "12.5")?.meters == 12.5)
        #expect(DistanceFilter(parsing: "-3") == nil)
        #expect(DistanceFilter(parsing: "nan") == nil)
        #expect(DistanceFilter(parsing: "inf") == nil)
        #expect(DistanceFilter(parsing: "far") == nil)
        #expect(GPSDEndpoint(parsing: "127.0.0.1:2947") == GPSDEndpoint.standard)
        #expect(GPSDEndpoint(parsing: "[::1]:3000") == GPSDEndpoint(host: "::1", port: 3000))
        #expect(GPSDEndpoint(parsing: "gps.local") == GPSDEndpoint(host: "gps.local", port: 2947))
        #expect(GPSDEndpoint(parsing: "host:99999") == nil)
        #expect(GPSDEndpoint(parsing: ":2947") == nil)
        #expect(GPSDEndpoint(parsing: "host:port") == nil)
    }

    @Test func aTrackIsSampledBetweenItsPoints() throws {
        let track = try TrackFixtures.track(TrackFixtures.gpx(count: 3, hdop: { [1, 3, 1][$0] }))
        let middle = track.sample(at: 0.5)
        // The file keeps 8 decimals: a millimeter.
        #expect(abs(middle.coordinate.latitude - (TrackFixtures.start.latitude + 5 / 111_195.08)) < 1e-8)
        #expect(abs(middle.speed - 10) < 0.001)
        #expect(abs(middle.course) < 1e-6)
        #expect(middle.horizontalAccuracy == 10)
        // On a point: the stretch that ends there; outside: clamped.
        #expect(track.sample(at: 1).horizontalAccuracy == 15)
        #expect(track.sample(at: 0).coordinate == TrackFixtures.start)
        #expect(track.sample(at: 99).coordinate == track.points[2].coordinate)
        #expect(track.sample(at: -5).coordinate == TrackFixtures.start)
    }
}
