@testable import CoreLocation
import Foundation
import Location
import Testing

/// Apple's value types and constants over the runtime's.
@Suite struct ValueTests {
    @Test func desiredAccuraciesMapOntoTheRuntimesAndReadBackAsTheNamedOnes() {
        let cases: [(CLLocationAccuracy, LocationAccuracy, CLLocationAccuracy)] = [
            (kCLLocationAccuracyBestForNavigation, .bestForNavigation, -2),
            (kCLLocationAccuracyBest, .best, -1),
            (kCLLocationAccuracyNearestTenMeters, .nearestTenMeters, 10),
            (50, .nearestTenMeters, 10),
            (kCLLocationAccuracyHundredMeters, .hundredMeters, 100),
            (kCLLocationAccuracyKilometer, .kilometer, 1_000),
            (kCLLocationAccuracyThreeKilometers, .threeKilometers, 3_000),
            (kCLLocationAccuracyReduced, .threeKilometers, 3_000),
        ]
        for (desired, runtime, readBack) in cases {
            #expect(LocationAccuracy(desired: desired) == runtime, "\(desired)")
            #expect(LocationAccuracy(desired: desired).desired == readBack, "\(desired)")
        }
    }

    @Test func aLocationIsTheRuntimesFixWithCoreLocationsDescription() {
        let fix = Location(
            coordinate: Coordinate(latitude: 37.33500926, longitude: -122.03272188), altitude: 12, horizontalAccuracy: 5,
            verticalAccuracy: 3, speed: 7.74, course: 246.09, timestamp: Date(timeIntervalSince1970: 1_362_713_471))
        let location = CLLocation(
            coordinate: CLLocationCoordinate2DMake(37.33500926, -122.03272188), altitude: 12, horizontalAccuracy: 5,
            verticalAccuracy: 3, course: 246.09, speed: 7.74, timestamp: Date(timeIntervalSince1970: 1_362_713_471))
        #expect(location.description == fix.description)
        #expect(location.coordinate.latitude == 37.33500926)
        #expect(location.altitude == 12 && location.verticalAccuracy == 3 && location.speed == 7.74 && location.course == 246.09)
        let north = CLLocation(latitude: 37.34400250, longitude: -122.03272188)
        #expect(abs(north.distance(from: location) - 1_000) < 1)
        #expect(north.horizontalAccuracy == 0 && north.speed == -1 && north.course == -1)
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 37, longitude: -122)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 91, longitude: 0)))
    }

    @Test func aCircularRegionIsTheRuntimesRegion() {
        let region = CLCircularRegion(center: CLLocationCoordinate2D(latitude: 37.33500926, longitude: -122.03272188), radius: 200, identifier: "Home")
        #expect(region.notifyOnEntry && region.notifyOnExit)
        region.notifyOnExit = false
        #expect(region.region == CircularRegion(
            center: Coordinate(latitude: 37.33500926, longitude: -122.03272188), radius: 200, identifier: "Home", notifyOnExit: false))
        #expect(region.contains(CLLocationCoordinate2D(latitude: 37.336, longitude: -122.03272188)))
        #expect(!region.contains(CLLocationCoordinate2D(latitude: 37.34, longitude: -122.03272188)))
        #expect(region.description == "CLCircularRegion (identifier:'Home', center:<+37.33500926,-122.03272188>, radius:200.00m)")
    }

    @Test func aCLErrorMatchesItsCodeAndBridgesToKCLErrorDomain() {
        let error: any Error = LocationError.regionMonitoringFailure("the radius is too large").appleError
        #expect((error as? CLError)?.code == .regionMonitoringFailure)
        let matched = switch error {
        case CLError.denied: "denied"
        case CLError.regionMonitoringFailure: "regionMonitoringFailure"
        default: "other"
        }
        #expect(matched == "regionMonitoringFailure")
        let bridged = error as NSError
        #expect(bridged.domain == kCLErrorDomain && bridged.code == 5)
        #expect(bridged.localizedFailureReason == LocationError.regionMonitoringFailure("the radius is too large").description)
        #expect(LocationError.notInForeground.appleError as? CLError == CLError(.denied, reason: LocationError.notInForeground.description))
        #expect(LocationError.unavailable("no visits before iOS 8").appleError as? LocationError == .unavailable("no visits before iOS 8"))
    }

    @Test func theEnumerationsHaveApplesRawValuesAndMapTheRuntimes() {
        #expect(CLAuthorizationStatus(.authorizedWhenInUse).rawValue == 4)
        #expect(CLAuthorizationStatus(.denied) == .denied && CLAuthorizationStatus.restricted.rawValue == 1)
        #expect(CLAccuracyAuthorization(.reducedAccuracy).rawValue == 1)
        #expect(CLRegionState(.outside).rawValue == 2)
        for type in ActivityType.allCases { #expect(CLActivityType(type).activityType == type) }
        #expect(CLActivityType.fitness.rawValue == 3)
    }
}
