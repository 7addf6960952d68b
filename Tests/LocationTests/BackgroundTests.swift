import BackgroundRuntime
import BackgroundRuntimeTesting
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// The background rules of location updates: the `location` mode, authorization and the
/// usage description.
@Suite("Location in the background", .temporaryDirectory)
struct BackgroundTests {
    @Test func withTheModeUpdatesGoOnInTheBackgroundAndAreLogged() throws {
        let rig = LocationRig(modes: [.location])
        try rig.launchAndSwitchOn()
        rig.device.pressHome()
        #expect(rig.device.appState == .background)
        rig.device.advance(by: .seconds(10))
        #expect(rig.device.appState == .background)
        #expect(rig.device.status().activities == ["Location updates from Test Walk"])
        let lines = rig.backgroundedLines
        #expect(lines.count == 10)
        let track = try TrackFixtures.track(TrackFixtures.gpx(count: 600))
        let expected = Location(
            coordinate: track.points[1].coordinate, altitude: 10, horizontalAccuracy: 5, verticalAccuracy: 5,
            speed: track.points[0].coordinate.distance(to: track.points[1].coordinate), course: 0,
            timestamp: Device.manualEpoch.addingTimeInterval(1))
        #expect(lines.first == "App is backgrounded. New location is \(expected)")
        // Back on screen: the pins collected meanwhile are there, the region spans them.
        rig.device.openApp()
        #expect(rig.snapshot?.pins == 11)
        #expect(rig.snapshot?.region == MapRegion(spanning: track.points[0...10].map(\.coordinate)))
        #expect(rig.device.diagnostics.count == 0)
    }

    @Test func withoutTheModeTheAppIsSuspendedGetsNothingAndTheConsoleSaysWhy() throws {
        let rig = LocationRig(modes: [])
        try rig.launchAndSwitchOn()
        rig.device.pressHome()
        #expect(rig.device.appState == .suspended)
        rig.device.advance(by: .seconds(10))
        #expect(rig.backgroundedLines.isEmpty)
        #expect(rig.snapshot?.storedCount == 1)
        #expect(rig.device.diagnostics.countByRule[.missingBackgroundMode] == 1)
        #expect(rig.device.diagnosticMessages == [
            "Diagnostic [missing-background-mode]: TheBackgrounder is updating its location, but Info.plist lacks \"location\" in "
                + "UIBackgroundModes: the app is suspended in the background and gets no location updates until it is opened again",
        ])
        // The source rests while nobody can receive: only the device's own timers are left.
        #expect(rig.device.loop.pendingTimers == 0)
        // Opened again, it gets updates again, from where the route is now.
        rig.device.openApp()
        rig.device.advance(by: .seconds(3))
        #expect(rig.snapshot?.storedCount == 5)
    }

    @Test func withoutAllowsBackgroundLocationUpdatesTheAppIsSuspendedWithADiagnostic() throws {
        let rig = LocationRig(modes: [.location])
        try rig.launchAndSwitchOn()
        rig.screen { $0.manager.allowsBackgroundLocationUpdates = false }
        rig.device.pressHome()
        #expect(rig.device.appState == .suspended)
        rig.device.advance(by: .seconds(10))
        #expect(rig.backgroundedLines.isEmpty)
        #expect(rig.device.diagnosticMessages == [
            "Diagnostic [background-location-updates-off]: TheBackgrounder is updating its location, but no location manager "
                + "has allowsBackgroundLocationUpdates set, which iOS 10 requires besides \"location\" in UIBackgroundModes: "
                + "location updates do not keep the app running in the background, and once it is suspended it gets none until "
                + "it is opened again",
        ])
        // The tutorial's screen sets it, as its readers had to from iOS 9: updates go on.
        rig.device.openApp()
        rig.screen { $0.manager.allowsBackgroundLocationUpdates = true }
        rig.device.pressHome()
        rig.device.advance(by: .seconds(3))
        #expect(rig.backgroundedLines.count == 3)
    }

    @Test func beforeIOS9TheModeAloneKeepsUpdatesGoing() throws {
        let rig = LocationRig(modes: [.location], iOS: 8)
        try rig.launchAndSwitchOn()
        #expect(rig.screen { $0.manager.allowsBackgroundLocationUpdates } == false)
        rig.device.pressHome()
        rig.device.advance(by: .seconds(3))
        #expect(rig.device.appState == .background)
        #expect(rig.backgroundedLines.count == 3)
    }

    @Test func settingAllowsBackgroundLocationUpdatesOnTheLocationManagerWithoutTheModeCrashesTheApp() throws {
        let rig = LocationRig(modes: [])
        rig.device.launch()
        rig.screen { $0.manager.allowsBackgroundLocationUpdates = true }
        #expect(rig.device.appState == .notRunning)
        #expect(rig.lines(containing: "*** Assertion failure in -[CLLocationManager setAllowsBackgroundLocationUpdates:]").count == 1)
        #expect(rig.lines(containing: "reason: 'Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)'").count == 1)
        // Before iOS 9 there is no such assertion.
        let eight = LocationRig(modes: [], iOS: 8)
        eight.device.launch()
        eight.screen { $0.manager.allowsBackgroundLocationUpdates = true }
        #expect(eight.device.appState == .active)
    }

    @Test(arguments: [(LocationAuthorization.always, 3), (.whenInUse, 0)])
    func anAppRunningInTheBackgroundForAnotherReasonGetsUpdatesOnlyWithAlways(answer: LocationAuthorization, lines: Int) throws {
        let rig = LocationRig(modes: [.location], answer: answer)
        try rig.launchAndSwitchOn()
        rig.device.perform { application in
            let screen = (application.delegate as! LocationApp).screen
            screen.manager.allowsBackgroundLocationUpdates = false
            _ = application.beginBackgroundTask(withName: "Upload") {}
        }
        rig.device.pressHome()
        rig.device.advance(by: .seconds(3))
        #expect(rig.device.appState == .background)
        #expect(rig.backgroundedLines.count == lines)
    }

    @Test func stoppingUpdatesInTheBackgroundLetsTheAppBeSuspended() throws {
        let rig = LocationRig(modes: [.location])
        try rig.launchAndSwitchOn()
        rig.device.pressHome()
        rig.device.advance(by: .seconds(2))
        rig.device.perform { application in (application.delegate as! LocationApp).screen.manager.stopUpdatingLocation() }
        #expect(rig.device.appState == .suspended)
        #expect(rig.device.status().activities.isEmpty)
    }

    @Test func anAlwaysAppShowsTheBlueBarOnlyWhenItAsks() throws {
        for shows in [false, true] {
            let rig = LocationRig(modes: [.location], iOS: 11)
            try rig.launchAndSwitchOn()
            rig.screen { $0.manager.showsBackgroundLocationIndicator = shows }
            rig.device.pressHome()
            rig.device.advance(by: .seconds(2))
            #expect(rig.device.appState == .background)
            let blue = rig.lines(containing: "with Always authorization and showsBackgroundLocationIndicator: the status bar turns blue")
            let none = rig.lines(containing: "no indicator, as showsBackgroundLocationIndicator is false")
            #expect(blue.count == (shows ? 1 : 0) && none.count == (shows ? 0 : 1), "showsBackgroundLocationIndicator \(shows)")
        }
    }

    @Test func whenInUseGoesOnInTheBackgroundWithTheBlueBarButCannotStartThere() throws {
        let rig = LocationRig(modes: [.location], answer: .whenInUse)
        try rig.launchAndSwitchOn()
        #expect(rig.snapshot?.authorization == .authorizedWhenInUse)
        rig.device.pressHome()
        rig.device.advance(by: .seconds(3))
        #expect(rig.backgroundedLines.count == 3)
        #expect(rig.lines(containing: "When In Use authorization: the status bar turns blue").count == 1)
        // Stopped and started again in the background: refused.
        rig.device.perform { application in
            let screen = (application.delegate as! LocationApp).screen
            screen.setOn(false)
            screen.setOn(true)
        }
        #expect(rig.lines(containing: "Location updates failed: when-in-use authorization allows starting updates only in the foreground").count == 1)
        #expect(rig.snapshot?.on == false)
    }

    @Test func deniedAuthorizationFailsClearly() throws {
        let rig = LocationRig(answer: .denied)
        try rig.launchAndSwitchOn()
        rig.device.advance(by: .seconds(5))
        #expect(rig.snapshot?.authorization == .denied)
        #expect(rig.snapshot?.on == false)
        #expect(rig.snapshot?.storedCount == 0)
        #expect(rig.lines(containing: "Location updates failed: the user denied the use of location (kCLErrorDenied)").count == 1)
    }

    @Test(arguments: [
        (10, "NSLocationAlwaysUsageDescription"),
        (17, "NSLocationAlwaysAndWhenInUseUsageDescription and NSLocationWhenInUseUsageDescription"),
    ])
    func aMissingUsageDescriptionFailsTheRequestAndTheConsoleSaysWhy(iOS: Int, keys: String) throws {
        let rig = LocationRig(usageDescriptions: false, iOS: iOS)
        try rig.launchAndSwitchOn()
        rig.device.advance(by: .seconds(5))
        #expect(rig.snapshot?.authorization == .notDetermined)
        #expect(rig.snapshot?.storedCount == 0)
        #expect(rig.device.diagnosticMessages == [
            "Diagnostic [missing-usage-description]: requestAlwaysAuthorization() failed: Info.plist lacks \(keys), which iOS \(iOS) "
                + "requires; iOS ignores the request without a word, so no location updates will come",
            "Diagnostic [location-not-authorized]: startUpdatingLocation() was called while the app's location authorization is "
                + "notDetermined (its request was never made or failed); iOS delivers no updates then",
        ])
    }

    @Test func beforeIOS8NoUsageDescriptionIsNeeded() throws {
        let rig = LocationRig(usageDescriptions: false, iOS: 6)
        try rig.launchAndSwitchOn()
        rig.device.advance(by: .seconds(2))
        #expect(rig.snapshot?.storedCount == 3)
    }

    @Test func theAuthorizationIsRememberedAcrossLaunchesAndManagersEndWithTheirLaunch() throws {
        let rig = LocationRig()
        try rig.launchAndSwitchOn()
        rig.device.terminate()
        rig.device.advance(by: .seconds(10))
        #expect(rig.device.appState == .notRunning)
        #expect(rig.device.loop.pendingTimers == 0)
        rig.device.launch()
        #expect(rig.snapshot?.authorization == .authorizedAlways)
        #expect(rig.snapshot?.on == false)
    }
}
