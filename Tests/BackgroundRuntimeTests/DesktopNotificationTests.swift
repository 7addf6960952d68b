import BackgroundRuntime
import BackgroundRuntimeTesting
import DBus
import DesktopNotifications
import Foundation
import TestSupport
import Testing

@Suite("Desktop notifications over D-Bus, with a private session bus and dunst", .serialized)
struct DesktopNotificationTests {
    private let call = LocalNotification(alertBody: "New VOIP call", alertAction: "Answer")

    /// A manual device posting to `desktop`, whose app asked permission and presented the call.
    private func launchAndNotify(desktop session: DesktopSession) throws -> TestDevice {
        let device = makeDevice(desktop: try notifier(on: session))
        device.launch()
        device.perform { $0.requestNotificationAuthorization() }
        device.pressHome()
        device.wakeApp(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        return device
    }

    /// Desktop notifications on a connection of their own to the session's bus.
    private func notifier(on session: DesktopSession) throws -> FreedesktopNotifications {
        FreedesktopNotifications(connection: try DBusConnection(address: session.busAddress))
    }

    @Test func theNotificationGoesToTheDesktopWithItsAnswerActionAndClickingItOpensTheApp() async throws {
        let session = try await DesktopSession()
        defer { session.stop() }
        let calls = try InteractiveProcess("dbus-monitor", [
            "--address", session.busAddress, "type='method_call',interface='org.freedesktop.Notifications',member='Notify'",
        ])
        defer { calls.stop() }
        #expect(await calls.waitFor { !$0.stdoutLines.isEmpty })
        let device = makeDevice(desktop: try notifier(on: session))
        defer { device.shutdown() }
        device.launch()
        _ = device.perform { $0.requestNotificationAuthorization() }
        device.pressHome()
        device.wakeApp(for: "socket data") { [call] in $0.presentLocalNotificationNow(call) }
        #expect(await waitUntil { await session.displayedCount() == 1 })
        let notify = calls.stdoutLines.joined(separator: "\n")
        #expect(notify.contains(#"string "New VOIP call""#))
        #expect(notify.contains(#"string "answer""#))
        #expect(notify.contains(#"string "Answer""#))
        #expect(device.appState == .suspended)

        // A click that a busy dunst did not take yet is clicked again, as a person would.
        let opened = await waitUntil {
            try? await session.clickTopNotification()
            return await device.runUntil(timeout: .seconds(2)) { device.appState == .active }
        }
        #expect(opened)
        #expect(device.console.recentMessages.contains("Notification action chosen: New VOIP call [Answer]"))
        #expect(device.notificationCenter.snapshot.banner == nil)
    }

    @Test func answeringOnTheConsoleClosesTheDesktopNotification() async throws {
        let session = try await DesktopSession()
        defer { session.stop() }
        let device = try launchAndNotify(desktop: session)
        defer { device.shutdown() }
        #expect(await waitUntil { await session.displayedCount() == 1 })
        device.notificationCenter.answer()
        #expect(await waitUntil { await session.displayedCount() == 0 })
    }

    @Test func withoutANotificationServerTheConsoleSaysWhyAndTheBannerStillShows() async throws {
        let session = try await DesktopSession()
        await session.stopNotificationServer()
        defer { session.stop() }
        let device = try launchAndNotify(desktop: session)
        defer { device.shutdown() }
        #expect(device.notificationCenter.snapshot.banner?.alertBody == "New VOIP call")
        #expect(await waitUntil { device.console.recentMessages.contains { $0.hasPrefix("Desktop notification not shown: ") } })
    }
}
