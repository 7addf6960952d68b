import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// Automatic pauses (`pausesLocationUpdatesAutomatically`, `activityType`) on manual time.
@Suite("Automatic pauses", .temporaryDirectory)
struct PauseTests {
    /// A rig whose device stands still (a track of `seconds` points on one spot), launched with
    /// the switch on; `configure` runs on the screen first.
    private func stillRig(
        iOS: Int = 10, seconds: Int = 2_400, configure: @escaping @AppMain @Sendable (LocationScreen) -> Void = { _ in }
    ) throws -> LocationRig {
        let rig = LocationRig(iOS: iOS)
        rig.device.launch()
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: seconds, metersPerSecond: 0)))
        rig.screen { screen in
            configure(screen)
            screen.setOn(true)
        }
        return rig
    }

    @Test func updatesPauseInTheBackgroundOnceTheDeviceStaysStill() throws {
        let rig = try stillRig()
        rig.device.pressHome()
        // The countdown starts at the first fix in the background, t = 1 s.
        rig.device.advance(by: .seconds(900))
        #expect(rig.device.appState == .background)
        #expect(rig.snapshot?.paused == false)
        rig.device.advance(by: .seconds(1))
        #expect(rig.lines(containing: "Location updates paused: the device stayed within 100 m for 15 minutes (activityType other, pausesLocationUpdatesAutomatically)").count == 1)
        #expect(rig.lines(containing: "Location updates paused; they start again when the app is opened").count == 1)
        #expect(rig.snapshot?.paused == true)
        #expect(rig.device.appState == .suspended)
        #expect(rig.device.status().activities.isEmpty)
        let stored = rig.snapshot?.storedCount
        rig.device.advance(by: .seconds(60))
        #expect(rig.snapshot?.storedCount == stored)
    }

    @Test func pausedUpdatesResumeOnlyWhenTheAppStartsThemAgain() throws {
        let rig = try stillRig(configure: { $0.manager.activityType = .automotiveNavigation })
        rig.device.pressHome()
        rig.device.advance(by: .seconds(301))
        #expect(rig.snapshot?.paused == true)
        let stored = try #require(rig.snapshot?.storedCount)
        // Nothing resumes them in the background; the screen starts them again when opened.
        rig.device.advance(by: .seconds(600))
        rig.device.openApp()
        #expect(rig.lines(containing: "Location updates resumed").count == 1)
        #expect(rig.snapshot?.paused == false)
        rig.device.advance(by: .seconds(3))
        #expect(rig.snapshot?.storedCount == stored + 4)
    }

    /// A rig still for 1000 s, then walking north at 10 m/s, with the switch and significant
    /// changes on, in the background; updates pause after 5 minutes (automotiveNavigation).
    private func stillThenWalkingRig(answer: LocationAuthorization = .always) throws -> LocationRig {
        let rig = LocationRig(answer: answer)
        rig.device.launch()
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 1_600, north: { index in Double(max(0, index - 1_000)) * 10 })))
        rig.screen { screen in
            screen.manager.activityType = .automotiveNavigation
            screen.setOn(true)
            screen.setSignificantChanges(true)
        }
        rig.device.pressHome()
        return rig
    }

    @Test func pausedUpdatesRestartFromASignificantChangeThatWakesTheApp() throws {
        let rig = try stillThenWalkingRig()
        rig.device.advance(by: .seconds(301))
        #expect(rig.snapshot?.paused == true)
        #expect(rig.device.appState == .suspended)
        // Nothing resumes them while the device stays.
        rig.device.advance(by: .seconds(699))
        #expect(rig.snapshot?.paused == true)
        let backgrounded = rig.backgroundedLines.count
        // 500 m on, the significant change wakes the app, and the screen starts the updates again from it.
        rig.device.advance(by: .seconds(60))
        #expect(rig.lines(containing: "Woken in the background: a significant location change").count == 1)
        #expect(rig.lines(containing: "Restarting the paused location updates on a significant location change").count == 1)
        #expect(rig.lines(containing: "Location updates resumed").count == 1)
        #expect(rig.snapshot?.paused == false)
        // The first change came when the service started, on screen; the second woke the app.
        #expect(rig.snapshot?.marks.map(\.kind) == [.significantChange, .significantChange])
        rig.device.advance(by: .seconds(30))
        #expect(rig.device.appState == .background)
        #expect(rig.backgroundedLines.count >= backgrounded + 30)
    }

    @Test func withWhenInUseAPausedAppIsNotRestartedInTheBackground() throws {
        let rig = try stillThenWalkingRig(answer: .whenInUse)
        rig.device.advance(by: .seconds(1_200))
        #expect(rig.snapshot?.paused == true)
        #expect(rig.device.appState == .suspended)
        #expect(rig.lines(containing: "Location updates resumed").isEmpty)
    }

    @Test(arguments: [
        (ActivityType.automotiveNavigation, 300), (.otherNavigation, 600), (.fitness, 900), (.airborne, 1_800),
    ])
    func theActivityTypeSetsHowLongTheDeviceMustBeStill(type: ActivityType, seconds: Int) throws {
        let rig = try stillRig(configure: { $0.manager.activityType = type })
        rig.device.pressHome()
        rig.device.advance(by: .seconds(seconds))
        #expect(rig.snapshot?.paused == false)
        rig.device.advance(by: .seconds(1))
        #expect(rig.snapshot?.paused == true)
    }

    @Test(arguments: [(10, false), (5, true)])
    func withoutAutomaticPausesUpdatesGoOn(iOS: Int, pauses: Bool) throws {
        // pausesLocationUpdatesAutomatically false, or an era before it (iOS 6).
        let rig = try stillRig(iOS: iOS, configure: { $0.manager.pausesLocationUpdatesAutomatically = pauses })
        rig.device.pressHome()
        rig.device.advance(by: .seconds(1_200))
        #expect(rig.device.appState == .background)
        #expect(rig.backgroundedLines.count == 1_200)
    }

    @Test func aMovingDeviceAndAnAppOnScreenDoNotPause() throws {
        let moving = LocationRig()
        moving.device.launch()
        moving.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 1_300)))
        moving.screen { $0.setOn(true) }
        moving.device.pressHome()
        moving.device.advance(by: .seconds(1_200))
        #expect(moving.device.appState == .background)
        #expect(moving.backgroundedLines.count == 1_200)

        let onScreen = try stillRig()
        onScreen.device.advance(by: .seconds(1_200))
        #expect(onScreen.snapshot?.paused == false)
        #expect(onScreen.snapshot?.storedCount == 1_201)
    }
}
