import BackgroundRuntime
import BackgroundRuntimeTesting
import CoreLocation
import Location
import LocationSystem
import Testing

/// Core Location's names on the runtime's rules: fixes in the background with the `location`
/// mode and `allowsBackgroundLocationUpdates`, and the runtime's diagnostics when either is missing.
@Suite struct BackgroundUpdateTests {
    private func launchedRig(modes: Set<BackgroundMode> = [.location], answer: LocationAuthorization = .always) throws -> SpelledRig {
        let rig = SpelledRig(modes: modes, answer: answer)
        rig.device.launch()
        rig.service.simulate(try Walk.track(seconds: 600))
        return rig
    }

    @Test func fixesComeInTheBackgroundWithTheModeAndAllowsBackgroundLocationUpdates() throws {
        let rig = try launchedRig()
        rig.tracker { $0.startTracking(background: true) }
        rig.device.advance(by: .seconds(3))
        rig.device.pressHome()
        rig.device.advance(by: .seconds(10))
        #expect(rig.device.appState == .background)
        #expect(rig.heard.lines(startingWith: "location active").count >= 3)
        #expect(rig.heard.lines(startingWith: "location background").count == 10)
        #expect(rig.heard.lines(startingWith: "location background").last?.hasSuffix(" 5.0") == true, "Xcode's 5 m accuracy")
        #expect(rig.device.diagnosticMessages.isEmpty)
        let last = try #require(rig.tracker { $0.locationManager.location?.coordinate.latitude } ?? nil)
        #expect(abs(last - Walk.north(130).latitude) < 1e-6, "the fix of t = 13 s, 130 m north")
    }

    @Test func withoutAllowsBackgroundLocationUpdatesTheAppIsSuspendedWithTheRuntimesDiagnostic() throws {
        let rig = try launchedRig()
        rig.tracker { $0.startTracking(background: false) }
        rig.device.advance(by: .seconds(3))
        rig.device.pressHome()
        rig.device.advance(by: .seconds(10))
        #expect(rig.device.appState == .suspended)
        #expect(rig.heard.lines(startingWith: "location background").isEmpty)
        #expect(rig.device.diagnosticMessages == [
            "Diagnostic [background-location-updates-off]: Spelled is updating its location, but no location manager has "
                + "allowsBackgroundLocationUpdates set, which iOS 10 requires besides \"location\" in UIBackgroundModes: location "
                + "updates do not keep the app running in the background, and once it is suspended it gets none until it is opened again",
        ])
    }

    @Test func settingAllowsBackgroundLocationUpdatesWithoutTheModeCrashesTheApp() throws {
        let rig = try launchedRig(modes: [])
        rig.tracker { $0.startTracking(background: true) }
        #expect(rig.device.appState == .notRunning)
        #expect(rig.device.consoleLines(containing: "Assertion failure in -[CLLocationManager setAllowsBackgroundLocationUpdates:]").count == 1)
        #expect(rig.device.consoleLines(containing: "NSInternalInconsistencyException").count == 1)
    }

    @Test func aDeniedRequestFailsWithCLErrorDenied() throws {
        let rig = try launchedRig(answer: .denied)
        rig.tracker { $0.startTracking(background: true) }
        #expect(rig.heard.all.contains("failed denied kCLErrorDomain 1"))
        #expect(rig.tracker { $0.locationManager.authorizationStatus } == .denied)
    }

    @Test func anAnswerReachesBothAuthorizationMethodsAndTheClassMethodKnowsIt() throws {
        let rig = try launchedRig()
        #expect(rig.device.perform { _ in classAuthorizationStatus() } == .notDetermined)
        rig.tracker { $0.locationManager.requestAlwaysAuthorization() }
        #expect(rig.heard.all == ["authorization authorizedAlways fullAccuracy", "didChangeAuthorization authorizedAlways"])
        #expect(rig.device.perform { _ in classAuthorizationStatus() } == .authorizedAlways)
    }
}
