import BackgroundRuntime
import DesktopNotifications
import Foundation
import TestSupport
import Testing

@Suite("Desktop notifications over D-Bus, with a private session bus and dunst", .serialized)
struct DesktopNotificationTests {
    private let call = LocalNotification(alertBody: "New VOIP call", alertAction: "Answer")

    /// Runs the manual device's loop until `condition` holds (the desktop's answer arrives on
    /// another thread and is handled on the loop).
    private func pump(_ device: TestDevice, until condition: () -> Bool) -> Bool {
        waitUntil {
            device.advance(by: .zero)
            return condition()
        }
    }

    /// A manual device posting to `desktop`, whose app asked permission and presented the call.
    private func launchAndNotify(desktop session: DesktopSession) -> TestDevice {
        let device = makeDevice(desktop: FreedesktopNotifications(busAddress: session.busAddress))
        device.launch()
        device.perform { [call] application in
            application.requestNotificationAuthorization()
            application.presentLocalNotificationNow(call)
        }
        return device
    }

    @Test func theNotificationGoesToTheDesktopWithItsAnswerActionAndClickingItOpensTheApp() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let calls = try InteractiveProcess("dbus-monitor", [
            "--address", session.busAddress, "type='method_call',interface='org.freedesktop.Notifications',member='Notify'",
        ])
        defer { calls.stop() }
        #expect(calls.waitFor { !$0.stdoutLines.isEmpty })
        let device = makeDevice(desktop: FreedesktopNotifications(busAddress: session.busAddress))
        defer { device.shutdown() }
        device.launch()
        _ = device.perform { $0.requestNotificationAuthorization() }
        device.pressHome()
        device.wake(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(waitUntil { session.displayedCount == 1 })
        let notify = calls.stdoutLines.joined(separator: "\n")
        #expect(notify.contains(#"string "New VOIP call""#))
        #expect(notify.contains(#"string "answer""#))
        #expect(notify.contains(#"string "Answer""#))
        #expect(device.appState == .suspended)

        try session.clickTopNotification()
        #expect(pump(device) { device.appState == .active })
        #expect(device.console.recentMessages.contains("Notification action chosen: New VOIP call [Answer]"))
        #expect(device.notifications.banner == nil)
    }

    @Test func answeringOnTheConsoleClosesTheDesktopNotification() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let device = launchAndNotify(desktop: session)
        defer { device.shutdown() }
        #expect(waitUntil { session.displayedCount == 1 })
        device.answerNotification()
        #expect(waitUntil { session.displayedCount == 0 })
    }

    @Test func withoutANotificationServerTheConsoleSaysWhyAndTheBannerStillShows() throws {
        let session = try DesktopSession()
        session.stopNotificationServer()
        defer { session.stop() }
        let device = launchAndNotify(desktop: session)
        defer { device.shutdown() }
        #expect(device.notifications.banner?.alertBody == "New VOIP call")
        #expect(waitUntil { device.console.recentMessages.contains { $0.hasPrefix("Desktop notification not shown: ") } })
    }
}
