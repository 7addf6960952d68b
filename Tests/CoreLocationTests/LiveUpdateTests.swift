import BackgroundRuntime
import BackgroundRuntimeTesting
import CoreLocation
import Location
import Testing

/// iOS 17's `CLLocationUpdate.liveUpdates()` and `CLBackgroundActivitySession` in Apple's spelling.
@Suite struct LiveUpdateTests {
    @Test func aSessionKeepsAWhenInUseLoopReceivingInTheBackgroundUntilItIsInvalidated() throws {
        let rig = SpelledRig(iOS: 17, answer: .whenInUse)
        rig.device.launch()
        rig.service.simulate(try Walk.track(seconds: 600))
        let heard = rig.heard
        rig.tracker { tracker in
            tracker.locationManager.requestWhenInUseAuthorization()
            tracker.session = CLBackgroundActivitySession()
            Application.current?.task {
                do {
                    for try await update in CLLocationUpdate.liveUpdates() {
                        guard let location = update.location else { continue }
                        heard.record("update \(Application.current.map { "\($0.applicationState)" } ?? "none") \(location.horizontalAccuracy)")
                    }
                } catch {
                    heard.record("threw \(error)")
                }
            }
        }
        rig.device.advance(by: .seconds(2))
        rig.device.pressHome()
        rig.device.advance(by: .seconds(10))
        #expect(rig.device.appState == .background)
        #expect(heard.lines(startingWith: "update background").count == 10)
        rig.tracker { $0.session?.invalidate() }
        #expect(rig.device.appState == .suspended)
        #expect(rig.device.consoleLines(containing: "Background activity session ended").count == 1)
    }

    @Test func aSessionBegunInTheBackgroundHoldsNothingAndTheConsoleSaysWhy() throws {
        let rig = SpelledRig(iOS: 17)
        rig.device.launch()
        rig.tracker { $0.startTracking(background: true) }
        rig.device.pressHome()
        rig.tracker { $0.session = CLBackgroundActivitySession() }
        #expect(rig.device.consoleLines(containing: "CLBackgroundActivitySession did not begin: when-in-use authorization allows").count == 1)
    }
}
