import BackgroundRuntime
import Foundation
import Testing
@testable import Location

/// The location permission alert: with the answer `ask`, the request waits for the user.
@Suite("The location permission alert")
struct PermissionAlertTests {
    @Test func theRequestShowsTheAlertOnceWithTheUsageDescription() throws {
        let rig = LocationRig(answer: .ask)
        try rig.launchAndSwitchOn()
        let alert = try #require(rig.device.alerts.first)
        #expect(rig.device.alerts.count == 1)
        #expect(alert.title == "Allow “TheBackgrounder” to access your location even when you are not using the app?")
        #expect(alert.message == "Pins on a map")
        #expect(alert.buttons.map(\.title) == ["Don’t Allow", "Allow While Using App", "Always Allow"])
        #expect(alert.buttons.map(\.command) == [
            "location authorize denied", "location authorize whenInUse", "location authorize always",
        ])
        #expect(rig.device.statusJSON().contains(#""alerts":[{"buttons":[{"command":"location authorize denied""#))
        // Nothing comes while the user has not answered.
        rig.device.advance(by: .seconds(5))
        #expect(rig.snapshot?.authorization == .notDetermined)
        #expect(rig.snapshot?.storedCount == 0)
        // A second request while the alert is up shows no second alert.
        rig.screen { $0.manager.requestAlwaysAuthorization() }
        #expect(rig.device.alerts.count == 1)
    }

    @Test func allowingStartsTheUpdatesTheSwitchAskedFor() throws {
        let rig = LocationRig(answer: .ask)
        try rig.launchAndSwitchOn()
        rig.service.authorize(.always)
        rig.device.advance(by: .zero)
        #expect(rig.device.alerts.isEmpty)
        #expect(rig.snapshot?.authorization == .authorizedAlways)
        rig.device.advance(by: .seconds(3))
        #expect(rig.snapshot?.on == true)
        #expect(rig.snapshot?.storedCount == 4)
        #expect(rig.lines(containing: "Location authorization: authorizedAlways").count == 1)
    }

    @Test func denyingTurnsTheSwitchOffWithTheReason() throws {
        let rig = LocationRig(answer: .ask)
        try rig.launchAndSwitchOn()
        rig.service.authorize(.denied)
        rig.device.advance(by: .seconds(3))
        #expect(rig.device.alerts.isEmpty)
        #expect(rig.snapshot?.authorization == .denied)
        #expect(rig.snapshot?.on == false)
        #expect(rig.snapshot?.storedCount == 0)
        #expect(rig.lines(containing: "Location updates failed: the user denied the use of location (kCLErrorDenied)").count == 1)
    }
}
