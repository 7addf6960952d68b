import BackgroundRuntime
import Dispatch
import Foundation
import Synchronization

/// Real desktop notifications through `org.freedesktop.Notifications` on a D-Bus session bus,
/// with the notification's action ("Answer") as a button and as the default (a click).
///
/// It posts and closes notifications with `gdbus call` (Debian's libglib2.0-bin) and hears the
/// user's choice with one `dbus-monitor` (dbus-bin) watching `ActionInvoked` signals: the
/// notification server sends that signal to the connection that posted the notification, and
/// `gdbus call`'s connection is gone by then. Every subprocess runs on a queue of its own, so
/// the caller never waits.
public final class FreedesktopNotifications: DesktopNotifier {
    /// The D-Bus address of the session bus, e.g. `unix:path=/run/user/1000/bus`.
    public let busAddress: String
    /// The application name the desktop shows.
    public let appName: String

    private struct State {
        var monitor: Process?
        var monitorReady = false
        /// The answer callbacks by the desktop's notification id.
        var answers: [UInt32: @Sendable () -> Void] = [:]
        /// The desktop's id of each notification, by the device's id.
        var desktopIDs: [Int: UInt32] = [:]
        /// Actions heard before `Notify`'s reply told whose they are (the latest few).
        var unclaimedActions: [UInt32] = []
        var isStopped = false
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "backgrounder.desktop-notifications")
    private let monitorStarted = DispatchSemaphore(value: 0)

    public init(busAddress: String, appName: String = "TheBackgrounder") {
        self.busAddress = busAddress
        self.appName = appName
    }

    /// The session bus of `environment` (`DBUS_SESSION_BUS_ADDRESS`); nil when there is none.
    public static func sessionBus(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> FreedesktopNotifications? {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else { return nil }
        return FreedesktopNotifications(busAddress: address)
    }

    /// Posts `notification`; `answered` runs (on some thread) when the user chooses its action
    /// on the desktop, `failed` when it could not be posted.
    public func show(
        _ notification: DeliveredNotification,
        answered: @escaping @Sendable () -> Void,
        failed: @escaping @Sendable (String) -> Void
    ) {
        queue.async { [self] in
            if let problem = startMonitor() {
                failed(problem)
                return
            }
            let actions = [("answer", notification.action), ("default", notification.action)]
                .map { "\(Self.quoted($0.0)), \(Self.quoted($0.1))" }.joined(separator: ", ")
            let reply = call(
                "Notify",
                [Self.quoted(appName), "uint32 0", "''", Self.quoted(appName), Self.quoted(notification.alertBody),
                 "[\(actions)]", "@a{sv} {}", "int32 -1"])
            switch reply {
            case .failure(let failure):
                failed(failure.description)
            case .success(let output):
                guard let id = Self.notificationID(in: output) else {
                    failed("unexpected reply from org.freedesktop.Notifications: \(output)")
                    return
                }
                let answeredAlready = state.withLock { state -> Bool in
                    state.desktopIDs[notification.id] = id
                    if let index = state.unclaimedActions.firstIndex(of: id) {
                        state.unclaimedActions.remove(at: index)
                        return true
                    }
                    state.answers[id] = answered
                    return false
                }
                if answeredAlready { answered() }
            }
        }
    }

    /// Closes the desktop twin of `notification`, answered elsewhere.
    public func withdraw(_ notification: DeliveredNotification) {
        queue.async { [self] in
            let id = state.withLock { state -> UInt32? in
                guard let id = state.desktopIDs.removeValue(forKey: notification.id) else { return nil }
                state.answers[id] = nil
                return id
            }
            if let id { _ = call("CloseNotification", ["uint32 \(id)"]) }
        }
    }

    /// Stops listening for actions.
    public func stop() {
        let monitor = state.withLock { state in
            state.isStopped = true
            defer { state.monitor = nil }
            return state.monitor
        }
        // SIGKILL: a child spawned from a Dispatch thread inherits its blocked SIGTERM.
        if let monitor, monitor.isRunning { kill(monitor.processIdentifier, SIGKILL) }
    }

    // MARK: Subprocesses

    /// Starts `dbus-monitor` once; returns why it cannot run, or nil.
    private func startMonitor() -> String? {
        let isRunning = state.withLock { state -> Bool? in
            state.isStopped ? nil : state.monitor != nil
        }
        guard let isRunning else { return "desktop notifications are stopped" }
        if isRunning { return nil }
        guard let executable = Self.executable(named: "dbus-monitor") else {
            return "dbus-monitor is not installed (Debian package dbus-bin)"
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--address", busAddress,
            "type='signal',interface='org.freedesktop.Notifications',member='ActionInvoked'",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return "dbus-monitor did not start: \(error.localizedDescription)"
        }
        state.withLock { $0.monitor = process }
        let reader = Thread { [self] in readActions(from: output.fileHandleForReading) }
        reader.name = "backgrounder.dbus-monitor"
        reader.start()
        // The monitor prints its own NameAcquired first: from then on it hears every signal.
        _ = monitorStarted.wait(timeout: .now() + .seconds(2))
        return nil
    }

    /// Reads `dbus-monitor`'s output: a `member=ActionInvoked` line, then the id and the key.
    private func readActions(from handle: FileHandle) {
        var expectingID = false
        var signaledStart = false
        handle.forEachLine { line in
            if !signaledStart {
                signaledStart = true
                monitorStarted.signal()
            }
            if line.contains("member=ActionInvoked") {
                expectingID = true
            } else if expectingID {
                expectingID = false
                if let id = Self.signalID(in: line) { actionInvoked(id) }
            }
        }
        if !signaledStart { monitorStarted.signal() }
    }

    private func actionInvoked(_ id: UInt32) {
        let answer = state.withLock { state -> (@Sendable () -> Void)? in
            guard let answer = state.answers.removeValue(forKey: id) else {
                state.unclaimedActions = Array((state.unclaimedActions + [id]).suffix(16))
                return nil
            }
            return answer
        }
        answer?()
    }

    /// Calls a method of `org.freedesktop.Notifications` with `gdbus call`; the reply or the
    /// first line of its error.
    private func call(_ method: String, _ arguments: [String]) -> Result<String, CallFailure> {
        guard let executable = Self.executable(named: "gdbus") else {
            return .failure(CallFailure("gdbus is not installed (Debian package libglib2.0-bin)"))
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "call", "--address", busAddress, "--timeout", "5",
            "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
            "--method", "org.freedesktop.Notifications.\(method)", "--",
        ] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(CallFailure("gdbus did not start: \(error.localizedDescription)"))
        }
        let reply = output.fileHandleForReading.readDataToEndOfFile()
        let error = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: error, as: UTF8.self).split(separator: "\n").first.map(String.init)
            return .failure(CallFailure(message ?? "gdbus exited with status \(process.terminationStatus)"))
        }
        return .success(String(decoding: reply, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private struct CallFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: Text

    /// `text` as a GVariant string literal: `'It''s'` is written `'It\'s'`.
    static func quoted(_ text: String) -> String {
        var literal = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "'": literal += "\\'"
            case "\n": literal += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                literal += String(format: "\\u%04x", scalar.value)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "'"
    }

    /// The id in `Notify`'s reply, `(uint32 7,)`.
    static func notificationID(in reply: String) -> UInt32? {
        guard let match = reply.firstMatch(of: /\(uint32 (\d+),\)/) else { return nil }
        return UInt32(match.output.1)
    }

    /// The id in a signal's argument line, `   uint32 7`.
    static func signalID(in line: String) -> UInt32? {
        guard let match = line.wholeMatch(of: /\s*u?int32 (\d+)\s*/) else { return nil }
        return UInt32(match.output.1)
    }

    /// The executable called `name` on the `PATH`.
    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
