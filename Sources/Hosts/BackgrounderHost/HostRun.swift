import BackgroundCommands
import BackgroundRuntime
import DBus
import DesktopNotifications
import MPRIS

/// A hosted app's session as `run` carries it out: the desktop's notifications and media
/// controls over D-Bus when there is a session bus, the web UI and the remote console as
/// `options` say, then commands from standard input until the session ends.
public enum HostRun {
    /// Runs the session of the host `makeHost` makes, given the desktop's notification server
    /// (nil without a session bus) and the output for its console: standard output, where the
    /// `Web UI:` line comes first when there is a web UI (``HeldConsoleOutput``). What runs
    /// beside the app (``AppHost/startCompanions()``) is ready before the launch.
    ///
    /// - Parameters:
    ///   - tabs: the web UI's tabs (see `WebServer`); nil for every screen the app publishes.
    ///   - services: starts what the host listens with besides the web UI and the remote
    ///     console (the push gateway) and returns what stops it; nil for nothing.
    public static func run(
        _ options: HostOptions, tabs: [String]?,
        makeHost: ((any DesktopNotifier)?, _ consoleOutput: @escaping @Sendable (String) -> Void) throws -> AppHost,
        services: @escaping @Sendable (AppHost) async throws -> (@Sendable () async -> Void)? = { _ in nil }
    ) async throws {
        let held = options.headless ? nil : HeldConsoleOutput(Console.standardOutput)
        // Whatever ends the start, nothing stays held.
        defer { held?.release() }
        var output = Console.standardOutput
        if let held { output = { held.write($0) } }
        // One D-Bus client for the process: desktop notifications and MPRIS share it.
        let bus = Result { () throws(DBusError) in try DBusConnection.sessionBusAddress().map(DBusConnection.init) }
        let connection = try? bus.get()
        let host = try makeHost(connection.map { FreedesktopNotifications(connection: $0) }, output)
        let mpris = connection.map { MPRISPlayer(device: host.device, connection: $0) }
        if case .failure(let error) = bus {
            host.device.console.log("D-Bus session bus: \(error); no desktop notifications or media controls")
        }
        do {
            try mpris?.start()
        } catch {
            host.device.console.log("MPRIS: \(error); no media controls on the desktop")
        }
        defer {
            mpris?.stop()
            connection?.close()
        }
        let listeners = try await Listeners.start(
            host: host, webPort: options.headless ? nil : options.port, tabs: tabs, consoleAddress: try options.consoleAddress())
        if let held {
            let console = host.device.console
            await console.flush()
            let webLine = listeners.web.map { "Web UI: \($0.url)" }
            held.release(first: console.recentLines.last { $0.message == webLine }?.formatted)
        }
        await host.startCompanions()
        let stopServices: (@Sendable () async -> Void)?
        do {
            stopServices = try await services(host)
        } catch {
            await listeners.stop()
            throw error
        }
        await Session(host: host, quitsAtEndOfInput: options.headless).run()
        await stopServices?()
        await listeners.stop()
    }
}
