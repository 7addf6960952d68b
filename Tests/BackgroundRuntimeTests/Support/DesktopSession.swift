import Foundation
import TestSupport

/// A private desktop for tests: a D-Bus session bus of its own (``PrivateSessionBus``), an X server
/// without a screen (`Xvfb`) and a real notification server on both (`dunst`).
final class DesktopSession {
    /// The session bus's address.
    let busAddress: String
    private let bus: PrivateSessionBus
    private let display: InteractiveProcess
    private let dunst: InteractiveProcess

    init() async throws {
        bus = try await PrivateSessionBus()
        busAddress = bus.address
        display = try InteractiveProcess("Xvfb", ["-displayfd", "1", "-nolisten", "tcp"])
        let number = try await Self.firstLine(of: display, "Xvfb")
        dunst = try InteractiveProcess("dunst", [], environment: ["DISPLAY": ":\(number)", "DBUS_SESSION_BUS_ADDRESS": busAddress])
        guard await waitUntil({ await self.notificationServerIsUp() }) else {
            stop()
            throw SessionError(description: "dunst did not take org.freedesktop.Notifications on \(busAddress)")
        }
    }

    /// Whether a notification server owns `org.freedesktop.Notifications`.
    func notificationServerIsUp() async -> Bool {
        (try? await run("gdbus", ["call", "--address", busAddress, "--dest", "org.freedesktop.DBus",
                            "--object-path", "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner",
                            "org.freedesktop.Notifications"])) == "(true,)"
    }

    /// How many notifications dunst shows.
    func displayedCount() async -> Int {
        (try? await run("dunstctl", ["count", "displayed"])).flatMap { Int($0) } ?? -1
    }

    /// Clicks the top notification: dunst invokes its default action.
    func clickTopNotification() async throws {
        try await run("dunstctl", ["action", "0"])
    }

    /// Stops dunst: the bus has no notification server any more.
    func stopNotificationServer() async {
        dunst.stop()
        _ = await waitUntil { await !notificationServerIsUp() }
    }

    /// Runs a D-Bus client against the session bus to its end; returns its trimmed output.
    @discardableResult
    func run(_ executable: String, _ arguments: [String]) async throws -> String {
        let client = try await InteractiveProcess.run(
            executable, arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": busAddress])
        return client.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() {
        dunst.stop()
        display.stop()
        bus.stop()
    }

    private static func firstLine(of process: InteractiveProcess, _ name: String) async throws -> String {
        guard await process.waitFor({ !$0.stdoutLines.isEmpty }), let line = process.stdoutLines.first else {
            throw SessionError(description: "\(name) printed nothing")
        }
        return line
    }

    struct SessionError: Error, CustomStringConvertible {
        let description: String
    }
}
