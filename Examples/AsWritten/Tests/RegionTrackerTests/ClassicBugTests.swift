import BackgroundRuntimeTesting
import LocationSystem
import Testing
@testable import RegionTracker
import UIKit

/// The classic bugs of background location code, caught in the words of iOS.
@Suite struct ClassicBugTests {
    @Test func codeForIOS8WithoutAllowsBackgroundLocationUpdatesIsSuspendedButTheRegionStillWakesIt() throws {
        let rig = try RegionTrackerRig { IOS8LocationTracker() }
        rig.device.launch()
        try rig.driveIntoTheRegion()
        rig.device.advance(by: .seconds(5))
        rig.device.pressHome()
        rig.device.advance(by: .seconds(60))
        #expect(rig.device.appState == .suspended)
        #expect(rig.lines(containing: "App is backgrounded. New location").isEmpty)
        #expect(rig.device.diagnosticMessages.contains { $0.contains("[background-location-updates-off]") && $0.contains("allowsBackgroundLocationUpdates") })
        rig.device.advance(by: AsDocumentedTests.entry - .seconds(65))
        #expect(rig.lines(containing: "Entered region") == ["App is backgrounded. Entered region Apple Park Visitor Center"])
        #expect(rig.device.appState == .suspended, "woken for the entry, then suspended again")
    }

    @Test func anInfoPlistWithoutTheLocationModeCrashesTheAppAtAllowsBackgroundLocationUpdates() throws {
        let rig = try RegionTrackerRig(withoutModes: [.location])
        rig.device.launch()
        #expect(rig.device.appState == .notRunning)
        #expect(rig.lines(containing: "Assertion failure in -[CLLocationManager setAllowsBackgroundLocationUpdates:]").count == 1)
        #expect(rig.lines(containing: "'NSInternalInconsistencyException'").count == 1)
    }
}
