import BackgroundRuntime
import BackgroundRuntimeTesting
import CoreLocation
import Foundation
import Location
import Testing

/// `requestLocation()` as Apple documents it: one fix to `didUpdateLocations`, then the updates
/// stop; no fix in time fails with `CLError.locationUnknown`; the app's own updates go on.
@Suite struct RequestLocationTests {
    /// A launched app with Always authorization, on a walk north when `walking`.
    private func launchedRig(walking: Bool = true) throws -> SpelledRig {
        let rig = SpelledRig(modes: [.location], answer: .always)
        rig.device.launch()
        if walking { rig.service.simulate(try Walk.track(seconds: 600)) }
        rig.tracker { $0.locationManager.requestAlwaysAuthorization() }
        return rig
    }

    @Test func oneFixComesAndThenTheUpdatesStop() throws {
        let rig = try launchedRig()
        rig.tracker { $0.locationManager.requestLocation() }
        rig.device.advance(by: .seconds(30))
        #expect(rig.heard.lines(startingWith: "location").count == 1)
        #expect(rig.heard.lines(startingWith: "failed").isEmpty, "answered, the request's timer is gone")
        #expect(rig.tracker { $0.locationManager.location != nil } == true)
        rig.tracker { $0.locationManager.requestLocation() }
        rig.device.advance(by: .seconds(30))
        #expect(rig.heard.lines(startingWith: "location").count == 2, "a new request, a new fix")
    }

    @Test func managersAreNSObjectsThatADelegateTellsApartWithEquals() throws {
        let rig = try launchedRig(walking: false)
        let comparisons = rig.tracker { tracker -> [Bool] in
            let other = CLLocationManager()
            let manager: NSObject = tracker.locationManager
            return [tracker.locationManager == tracker.locationManager, tracker.locationManager == other, manager.isEqual(other)]
        }
        #expect(comparisons == [true, false, false])
    }

    @Test func noFixInTimeFailsWithLocationUnknown() throws {
        let rig = try launchedRig(walking: false)
        rig.tracker { $0.locationManager.requestLocation() }
        rig.device.advance(by: CLLocationManager.locationRequestTimeout - .milliseconds(1))
        #expect(rig.heard.lines(startingWith: "failed").isEmpty)
        rig.device.advance(by: .milliseconds(1))
        #expect(rig.heard.lines(startingWith: "failed") == ["failed \(CLError(.locationUnknown))"])
        rig.service.simulate(try Walk.track(seconds: 600))
        rig.device.advance(by: .seconds(30))
        #expect(rig.heard.lines(startingWith: "location").isEmpty, "the failed request's updates stopped")
    }

    @Test func theAppsOwnUpdatesGoOnAfterARequestTheyAnswer() throws {
        let rig = try launchedRig()
        rig.tracker {
            $0.locationManager.startUpdatingLocation()
            $0.locationManager.requestLocation()
        }
        rig.device.advance(by: .seconds(10))
        #expect(rig.heard.lines(startingWith: "location").count >= 9)
    }

    @Test func startingUpdatesWhileARequestWaitsKeepsThemOn() throws {
        let rig = try launchedRig()
        rig.tracker {
            $0.locationManager.requestLocation()
            $0.locationManager.startUpdatingLocation()
        }
        rig.device.advance(by: .seconds(10))
        #expect(rig.heard.lines(startingWith: "location").count >= 9)
        #expect(rig.heard.lines(startingWith: "failed").isEmpty)
    }
}
