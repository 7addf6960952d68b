import BackgroundRuntime
import BackgroundRuntimeTesting
import CoreLocation
import Location
import Testing

/// Heading updates from the fixes' courses: a first heading at once, then one each time the
/// heading turns past `headingFilter`, on updates of their own — the app's delegate hears no fixes.
@Suite struct HeadingTests {
    /// A launched app with Always authorization on a track 10 m a second north for 10 s, then
    /// south: its course turns from 0° to 180° once.
    private func launchedRig() throws -> SpelledRig {
        let rig = SpelledRig(modes: [.location], answer: .always)
        rig.device.launch()
        rig.service.simulate(try Walk.track(seconds: 600) { $0 < 10 ? Double($0) * 10 : Double(20 - $0) * 10 })
        rig.tracker { $0.locationManager.requestAlwaysAuthorization() }
        return rig
    }

    @Test func aFirstHeadingThenOneForEachTurnPastTheFilter() throws {
        let rig = try launchedRig()
        #expect(rig.tracker { _ in CLLocationManager.headingAvailable() } == true)
        rig.tracker { $0.locationManager.startUpdatingHeading() }
        rig.device.advance(by: .seconds(20))
        #expect(rig.heard.lines(startingWith: "heading") == ["heading active 0.0", "heading active 180.0"])
        #expect(rig.heard.lines(startingWith: "location").isEmpty, "the headings' fixes are not the delegate's")
        #expect(rig.tracker { $0.locationManager.heading?.trueHeading } == 180)
        #expect(rig.tracker { $0.locationManager.heading?.headingAccuracy } == 5)
    }

    @Test func withNoFilterEveryFixsHeadingComes() throws {
        let rig = try launchedRig()
        rig.tracker {
            $0.locationManager.headingFilter = kCLHeadingFilterNone
            $0.locationManager.startUpdatingHeading()
        }
        rig.device.advance(by: .seconds(5))
        let headings = rig.heard.lines(startingWith: "heading")
        #expect(headings.count >= 4)
        #expect(Set(headings) == ["heading active 0.0"])
    }

    @Test func stoppedNoHeadingComesAndStartedAgainAFirstOneDoes() throws {
        let rig = try launchedRig()
        rig.tracker { $0.locationManager.startUpdatingHeading() }
        rig.device.advance(by: .seconds(3))
        rig.tracker { $0.locationManager.stopUpdatingHeading() }
        rig.device.advance(by: .seconds(14))
        #expect(rig.heard.lines(startingWith: "heading") == ["heading active 0.0"], "the turn came while stopped")
        rig.tracker { $0.locationManager.startUpdatingHeading() }
        rig.device.advance(by: .seconds(3))
        #expect(rig.heard.lines(startingWith: "heading") == ["heading active 0.0", "heading active 180.0"])
    }
}
