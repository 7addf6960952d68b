import BackgroundRuntimeTesting
import LocationSystem
import Testing
@testable import RegionTracker
import UIKit

/// The sample as written, under iOS 10's rules: its fixes keep coming in the background, and
/// the region Apple's listing makes — the largest allowed, `maximumRegionMonitoringDistance` —
/// is entered there, or relaunches the app that was terminated.
@Suite struct AsDocumentedTests {
    /// The drive reaches 200 m inside the region (the minimum distance past the boundary) at
    /// t = 190 s; the entry is reported once the device has stayed there for 20 s, decided at fixes 5 s apart when the app is not running.
    static let entry = Duration.seconds(225)

    @Test func theRegionIsTheLargestAllowedAndMonitoredOnceTheAppIsAuthorized() throws {
        let rig = try RegionTrackerRig()
        rig.device.launch()
        #expect(rig.service.monitoredRegions.map { "\($0.identifier) \($0.radius)" } == ["Apple Park Visitor Center 400000.0"])
        #expect(rig.device.diagnosticMessages.isEmpty)
    }

    @Test func withoutAlwaysTheListingMonitorsNothing() throws {
        let rig = try RegionTrackerRig(answer: .whenInUse)
        rig.device.launch()
        #expect(rig.service.monitoredRegions.isEmpty)
    }

    @Test func fixesComeInTheBackgroundAndTheRegionIsEnteredThere() throws {
        let rig = try RegionTrackerRig()
        rig.device.launch()
        try rig.driveIntoTheRegion()
        rig.device.advance(by: .seconds(5))
        rig.device.pressHome()
        rig.device.advance(by: .seconds(60))
        #expect(rig.device.appState == .background)
        let onTheMeridian = rig.lines(containing: "App is backgrounded. New location is <+").filter { $0.contains(",-122.00530000>") }
        #expect(onTheMeridian.count == 60, "a fix a second, on the drive south")
        #expect(rig.lines(containing: "Entered region").isEmpty)
        rig.device.advance(by: Self.entry - .seconds(65))
        #expect(rig.lines(containing: "Entered region") == ["App is backgrounded. Entered region Apple Park Visitor Center"])
        #expect(rig.device.performOnMain { _ in (UIApplication.shared.delegate as? AppDelegate)?.tracker.enteredRegions } == ["Apple Park Visitor Center"])
        #expect(rig.device.diagnosticMessages.isEmpty)
    }

    @Test func aTerminatedAppIsRelaunchedInTheBackgroundAndItsNewManagerHearsTheEntry() throws {
        let rig = try RegionTrackerRig()
        rig.device.launch()
        try rig.driveIntoTheRegion()
        rig.device.advance(by: .seconds(5))
        rig.device.terminate()
        rig.device.advance(by: Self.entry - .seconds(5))
        #expect(rig.device.launchCount == 2)
        #expect(rig.device.launchReason == .location)
        #expect(rig.lines(containing: "Relaunched for a location event").count == 1)
        #expect(rig.lines(containing: "Entered region") == ["App is backgrounded. Entered region Apple Park Visitor Center"])
        #expect(rig.device.appState == .background, "the relaunched app starts its updates again, which keep it running")
    }
}
