import BackgroundRuntime
import Foundation
import Location
import TestSupport
import Testing
@testable import TheBackgrounder

/// The permission alerts from the command line: Reset Location & Privacy, then the user's answers.
@Suite("Privacy commands", .temporaryDirectory)
struct PrivacyCommandTests {
    @Test func resetTerminatesTheAppWhichAsksAgainAtItsNextLaunch() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(backgrounder.location.answer == .always)
        #expect(backgrounder.device.alerts.onScreen.isEmpty)
        #expect(await backgrounder.execute("device reset-privacy") == .done)
        #expect(backgrounder.device.appState == .notRunning)
        #expect(backgrounder.device.lastTermination == .system(reason: "Location & Privacy were reset"))
        #expect(await backgrounder.execute("open") == .done)
        let alert = try #require(backgrounder.device.alerts.onScreen.first)
        #expect(alert.title.contains("access your location"))
        #expect(await backgrounder.execute("location authorize always") == .done)
        #expect(backgrounder.device.alerts.onScreen.isEmpty)
        #expect(backgrounder.location.answer == .ask)
        _ = await backgrounder.execute("wait 0")
        #expect(backgrounder.device.snapshot(for: .location)?.authorization == .authorizedAlways)
    }

    @Test func notificationsAreAskedAgainAfterAReset() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(await backgrounder.execute("device reset-privacy") == .done)
        #expect(backgrounder.device.notificationCenter.snapshot.authorization == .notDetermined)
        #expect(backgrounder.device.notificationCenter.permissionAnswer == .ask)
        #expect(await backgrounder.execute("notification authorize deny") == .done)
        #expect(backgrounder.device.notificationCenter.snapshot.authorization == .denied)
    }

    @Test func wrongAnswersAreRefusedByName() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(await backgrounder.execute("location authorize ask")
            == .failed(.invalidArgument("location authorize: \"ask\" is not always, whenInUse, once or denied")))
        #expect(await backgrounder.execute("notification authorize maybe")
            == .failed(.invalidArgument("notification authorize: \"maybe\" is not allow or deny")))
    }
}
