import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// The location permission alert, era by era: with the answer `ask`, the request waits for the
/// user, who presses one of the era's buttons.
@Suite("The location permission alert", .temporaryDirectory)
struct PermissionAlertTests {
    @Test func theRequestShowsTheAlertOnceWithTheUsageDescription() throws {
        let rig = LocationRig(answer: .ask)
        try rig.launchAndSwitchOn()
        let alert = try #require(rig.device.alerts.onScreen.first)
        #expect(rig.device.alerts.onScreen.count == 1)
        #expect(alert.title == "Allow “TheBackgrounder” to access your location even when you are not using the app?")
        #expect(alert.message == LocationRig.alwaysText)
        #expect(alert.buttons.map(\.title) == ["Don’t Allow", "Allow"])
        #expect(alert.buttons.map(\.command) == ["location authorize denied", "location authorize always"])
        #expect(rig.device.statusJSON().contains(#""alerts":[{"buttons":[{"command":"location authorize denied""#))
        // Nothing comes while the user has not answered.
        rig.device.advance(by: .seconds(5))
        #expect(rig.snapshot?.authorization == .notDetermined)
        #expect(rig.snapshot?.storedCount == 0)
        // A second request while the alert is up shows no second alert.
        rig.screen { $0.manager.requestAlwaysAuthorization() }
        #expect(rig.device.alerts.onScreen.count == 1)
    }

    @Test(arguments: [
        (6, "“TheBackgrounder” Would Like to Use Your Current Location", nil, ["Don’t Allow", "OK"]),
        (9, "Allow “TheBackgrounder” to access your location even when you are not using the app?", LocationRig.alwaysText,
         ["Don’t Allow", "Allow"]),
        (11, "Allow “TheBackgrounder” to access your location?", LocationRig.alwaysAndWhenInUseText,
         ["Only While Using the App", "Always Allow", "Don’t Allow"]),
        (13, "Allow “TheBackgrounder” to use your location?", LocationRig.whenInUseText,
         ["Allow Once", "Allow While Using App", "Don’t Allow"]),
        (17, "Allow “TheBackgrounder” to use your location?", LocationRig.whenInUseText,
         ["Precise: On", "Allow Once", "Allow While Using App", "Don’t Allow"]),
    ] as [(Int, String, String?, [String])])
    func eachEraShowsItsOwnPermissionAlert(iOS: Int, title: String, message: String?, buttons: [String]) throws {
        let rig = LocationRig(iOS: iOS, answer: .ask)
        rig.device.launch()
        let alert = try #require(rig.device.alerts.onScreen.first)
        #expect(alert.title == title)
        #expect(alert.message == message)
        #expect(alert.buttons.map(\.title) == buttons)
    }

    @Test(arguments: [
        (6, "OK", AuthorizationStatus.authorizedAlways), (9, "Allow", .authorizedAlways), (9, "Don’t Allow", .denied),
        (12, "Only While Using the App", .authorizedWhenInUse), (12, "Always Allow", .authorizedAlways),
        (13, "Allow While Using App", .authorizedAlways), (13, "Allow Once", .authorizedWhenInUse), (13, "Don’t Allow", .denied),
    ])
    func eachButtonGivesItsAuthorization(iOS: Int, button: String, status: AuthorizationStatus) throws {
        let rig = LocationRig(iOS: iOS, answer: .ask)
        rig.device.launch()
        try rig.press(button)
        #expect(rig.device.alerts.onScreen.isEmpty)
        #expect(rig.snapshot?.authorization == status)
        #expect(rig.lines(containing: "Location authorization: \(status)").count == 1)
    }

    @Test func allowingStartsTheUpdatesTheSwitchAskedFor() throws {
        let rig = LocationRig(answer: .ask)
        try rig.launchAndSwitchOn()
        try rig.press("Allow")
        rig.device.advance(by: .zero)
        #expect(rig.device.alerts.onScreen.isEmpty)
        #expect(rig.snapshot?.authorization == .authorizedAlways)
        rig.device.advance(by: .seconds(3))
        #expect(rig.snapshot?.on == true)
        #expect(rig.snapshot?.storedCount == 4)
        #expect(rig.lines(containing: "Location authorization: authorizedAlways").count == 1)
    }

    @Test func denyingTurnsTheSwitchOffWithTheReason() throws {
        let rig = LocationRig(answer: .ask)
        try rig.launchAndSwitchOn()
        try rig.press("Don’t Allow")
        rig.device.advance(by: .seconds(3))
        #expect(rig.device.alerts.onScreen.isEmpty)
        #expect(rig.snapshot?.authorization == .denied)
        #expect(rig.snapshot?.on == false)
        #expect(rig.snapshot?.storedCount == 0)
        #expect(rig.lines(containing: "Location updates failed: the user denied the use of location (kCLErrorDenied)").count == 1)
    }

    @Test func anAnswerTheAlertDoesNotOfferIsRefused() throws {
        let rig = LocationRig(answer: .ask)
        rig.device.launch()
        #expect(throws: LocationAnswerError.notOnAlert(.once, offered: ["Don’t Allow", "Allow"])) { try rig.service.authorize(.once) }
        #expect(LocationAnswerError.notOnAlert(.once, offered: ["Don’t Allow", "Allow"]).description
            == "the alert on screen has no once answer; its buttons are Don’t Allow, Allow")
        #expect(throws: LocationAnswerError.noPreciseSwitch(iOS: 10)) { try rig.service.setPrecise(false) }
        #expect(rig.device.alerts.onScreen.count == 1)
        try rig.press("Allow")
        // Without an alert an answer is a change in Settings, where there is no Allow Once.
        #expect(throws: LocationAnswerError.noAlert(.once)) { try rig.service.authorize(.once) }
        try rig.service.authorize(.whenInUse)
        #expect(rig.service.authorizationStatus == .authorizedWhenInUse)
    }

    @Test func allowOnceEndsWhenTheAppIsNoLongerInUseAndTheAppAsksAgain() throws {
        let rig = LocationRig(modes: [], iOS: 13, answer: .ask)
        try rig.launchAndSwitchOn()
        try rig.press("Allow Once")
        rig.device.advance(by: .seconds(2))
        #expect(rig.snapshot?.authorization == .authorizedWhenInUse)
        #expect(rig.snapshot?.storedCount == 3)
        // Temporary authorization: an Always request is ignored.
        rig.screen { $0.manager.requestAlwaysAuthorization() }
        #expect(rig.device.alerts.onScreen.isEmpty)
        rig.device.pressHome()
        #expect(rig.device.appState == .suspended)
        #expect(rig.service.authorizationStatus == .notDetermined)
        #expect(rig.lines(containing: "Allow Once ended: the app is no longer in use").count == 1)
        // Opened again, the app hears of it and asks again; nothing comes meanwhile.
        rig.device.openApp()
        #expect(rig.snapshot?.authorization == .notDetermined)
        #expect(rig.alertButtons == ["Allow Once", "Allow While Using App", "Don’t Allow"])
        rig.device.advance(by: .seconds(3))
        #expect(rig.snapshot?.storedCount == 3)
        try rig.press("Allow Once")
        rig.device.advance(by: .seconds(2))
        #expect(rig.snapshot?.storedCount == 6)
    }

    @Test func allowWhileUsingAppToAnAlwaysRequestIsProvisionalAlwaysUntilTheUpgradePrompt() throws {
        let rig = LocationRig(iOS: 13, answer: .ask)
        try rig.launchAndSwitchOn()
        try rig.press("Allow While Using App")
        #expect(rig.snapshot?.authorization == .authorizedAlways)
        rig.device.pressHome()
        rig.device.advance(by: .seconds(3))
        #expect(rig.backgroundedLines.count == 3)
        // Used in the background: the system asks when the app is next on screen.
        #expect(rig.device.alerts.onScreen.isEmpty)
        rig.device.openApp()
        let upgrade = try #require(rig.device.alerts.onScreen.first)
        #expect(upgrade.title == "Allow “TheBackgrounder” to also use your location even when you are not using the app?")
        #expect(upgrade.message == LocationRig.alwaysAndWhenInUseText)
        #expect(upgrade.buttons.map(\.title) == ["Keep Only While Using", "Change to Always Allow"])
        try rig.press("Keep Only While Using")
        #expect(rig.snapshot?.authorization == .authorizedWhenInUse)
        // Asked once only.
        rig.device.pressHome()
        rig.device.advance(by: .seconds(2))
        rig.device.openApp()
        rig.screen { $0.manager.requestAlwaysAuthorization() }
        #expect(rig.device.alerts.onScreen.isEmpty)
    }

    @Test func anAlwaysRequestFromWhenInUseShowsTheUpgradePromptAtOnce() throws {
        let rig = LocationRig(iOS: 13, answer: .ask)
        rig.device.launch()
        try rig.press("Allow While Using App")
        try rig.service.authorize(.whenInUse)
        rig.screen { $0.manager.requestAlwaysAuthorization() }
        #expect(rig.alertButtons == ["Keep Only While Using", "Change to Always Allow"])
        try rig.press("Change to Always Allow")
        #expect(rig.service.authorizationStatus == .authorizedAlways)
    }

    @Test func beforeIOS13AnAlwaysRequestAfterWhenInUseDoesNothing() throws {
        let rig = LocationRig(iOS: 12, answer: .ask)
        rig.device.launch()
        try rig.press("Only While Using the App")
        rig.screen { $0.manager.requestAlwaysAuthorization() }
        #expect(rig.device.alerts.onScreen.isEmpty)
        #expect(rig.service.authorizationStatus == .authorizedWhenInUse)
    }
}
