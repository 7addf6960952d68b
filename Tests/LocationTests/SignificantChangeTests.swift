import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// The significant-change location service on manual time, for an app without the `location`
/// background mode whose switch stays off.
@Suite("Significant changes", .temporaryDirectory)
struct SignificantChangeTests {
    /// A rig launched on a walk north at `metersPerSecond`, with significant changes on.
    private func walkRig(answer: LocationAuthorization = .always, metersPerSecond: Double = 10) throws -> LocationRig {
        let rig = LocationRig(modes: [], answer: answer)
        rig.device.launch()
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 1_300, metersPerSecond: metersPerSecond)))
        rig.screen { $0.setSignificantChanges(true) }
        rig.device.runUntilIdle()
        return rig
    }

    @Test(arguments: [(10.0, 3), (1.0, 1)])
    func aFixEvery500MetersAtMostEveryFiveMinutes(metersPerSecond: Double, inTheBackground: Int) throws {
        let rig = try walkRig(metersPerSecond: metersPerSecond)
        // The first fix at once, on screen.
        #expect(rig.snapshot?.storedCount == 1)
        #expect(rig.snapshot?.significantChanges == true)
        rig.device.pressHome()
        #expect(rig.device.appState == .suspended)
        // At 10 m/s: every 5 minutes (3000 m); at 1 m/s: every 500 m (500 s).
        rig.device.advance(by: .seconds(950))
        #expect(rig.backgroundedLines.count == inTheBackground)
        #expect(rig.lines(containing: "Woken in the background: a significant location change").count == inTheBackground)
        #expect(rig.device.appState == .suspended)
        #expect(rig.snapshot?.storedCount == 1 + inTheBackground)
    }

    @Test func aTerminatedAppIsLaunchedAndGetsTheChangeOnceItStartsTheServiceAgain() throws {
        let rig = try walkRig()
        rig.device.terminate()
        rig.device.advance(by: .seconds(200))
        #expect(rig.device.appState == .notRunning)
        rig.device.advance(by: .seconds(110))
        #expect(rig.device.launchCount == 2)
        #expect(rig.device.launchReason == .location)
        #expect(rig.lines(containing: "in the background (location): a significant location change").count == 1)
        #expect(rig.backgroundedLines.count == 1)
        #expect(rig.snapshot?.significantChanges == true)
        #expect(rig.device.appState == .suspended)
        // Off, nothing more comes, and the next launch does not start the service.
        rig.device.openApp()
        rig.screen { $0.setSignificantChanges(false) }
        rig.device.terminate()
        rig.device.advance(by: .seconds(600))
        #expect(rig.device.launchCount == 2)
    }

    @Test func withWhenInUseASuspendedAppHearsNothing() throws {
        let rig = try walkRig(answer: .whenInUse)
        #expect(rig.snapshot?.storedCount == 1)
        rig.device.pressHome()
        rig.device.advance(by: .seconds(950))
        #expect(rig.backgroundedLines.isEmpty)
        #expect(rig.device.appState == .suspended)
        rig.device.terminate()
        rig.device.advance(by: .seconds(600))
        #expect(rig.device.launchCount == 1)
    }
}
