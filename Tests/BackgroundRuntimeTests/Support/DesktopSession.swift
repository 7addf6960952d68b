import Foundation
import TestSupport

/// A private desktop for tests: a D-Bus session bus of its own (`dbus-daemon`), an X server
/// without a screen (`Xvfb`) and a real notification server on both (`dunst`).
final class DesktopSession {
    /// The session bus's address.
    let busAddress: String
    private let bus: InteractiveProcess
    private let display: InteractiveProcess
    private let dunst: InteractiveProcess

    init() async throws {
        // A bus of its own, without the services installed on the machine: nothing is started
        // on demand (D-Bus activation), so a test controls which notification server runs.
        let configuration = FileManager.default.temporaryDirectory.appendingPathComponent("backgrounder-bus-\(UUID()).conf")
        try Data(Self.busConfiguration.utf8).write(to: configuration)
        defer { try? FileManager.default.removeItem(at: configuration) }
        bus = try InteractiveProcess("dbus-daemon", ["--config-file=\(configuration.path)", "--nofork", "--print-address=1"])
        busAddress = try await Self.firstLine(of: bus, "dbus-daemon")
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
            executable, arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": busAddress], timeout: .seconds(10))
        return client.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() {
        dunst.stop()
        display.stop()
        bus.stop()
    }

    private static let busConfiguration = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:tmpdir=/tmp</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """

    private static func firstLine(of process: InteractiveProcess, _ name: String) async throws -> String {
        guard await process.waitFor(timeout: .seconds(10), { !$0.stdoutLines.isEmpty }), let line = process.stdoutLines.first else {
            throw SessionError(description: "\(name) printed nothing")
        }
        return line
    }

    struct SessionError: Error, CustomStringConvertible {
        let description: String
    }
}
