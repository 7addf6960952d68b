import Foundation

/// A D-Bus session bus of a test's own (`dbus-daemon`), without the services installed on the
/// machine: nothing is started on demand (D-Bus activation), so the test controls which
/// services run on it. Stopped by its own pid.
public final class PrivateSessionBus {
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    private let daemon: InteractiveProcess

    public init() async throws {
        let configuration = FileManager.default.temporaryDirectory.appendingPathComponent("backgrounder-bus-\(UUID()).conf")
        try Data(Self.configuration.utf8).write(to: configuration)
        defer { try? FileManager.default.removeItem(at: configuration) }
        daemon = try InteractiveProcess("dbus-daemon", ["--config-file=\(configuration.path)", "--nofork", "--print-address=1"])
        guard await daemon.waitFor({ !$0.stdoutLines.isEmpty }), let line = daemon.stdoutLines.first else {
            daemon.stop()
            throw BusDidNotStart(stderr: daemon.stderr)
        }
        address = line
    }

    /// The environment a client of this bus runs with.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Runs a D-Bus client (`gdbus`, `playerctl`, `dbus-send`) against the bus to its end.
    public func run(_ executable: String, _ arguments: [String]) async throws -> FinishedProcess {
        try await InteractiveProcess.run(executable, arguments, environment: environment)
    }

    public func stop() {
        daemon.stop()
    }

    public struct BusDidNotStart: Error, CustomStringConvertible {
        public let stderr: String
        public var description: String { "dbus-daemon did not print its address: \(stderr)" }
    }

    private static let configuration = """
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
}
