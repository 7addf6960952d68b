import BackgroundRuntime
import Foundation

/// What the command line and the web UI drive: a device with an app on it, the commands the
/// app understands, and where it keeps its data.
///
/// ``AppHost`` is the host of every app, TheBackgrounder's too, which brings its tabs' commands
/// and services as its parts. The host is shared by the session's tasks, so it is a `Sendable`
/// class.
public protocol CommandHost: AnyObject, Sendable {
    /// The device that plays iOS, with the app on it.
    var device: Device { get }
    /// The commands the app understands.
    var commands: CommandTable<Self> { get }
    /// Where the app keeps its data (the app's container).
    var dataDirectory: URL { get }
    /// Why the app is launched by ``start()``.
    var launchReason: LaunchReason { get }
    /// The rules `rules` and the web UI's Rules panel list.
    var rules: RuleBook { get }

    /// Launches the app for ``launchReason``.
    func start()
    /// Ends the app as the user would and stops the device, once every console line has
    /// reached the output: the process may exit right after.
    func quit() async
    /// Lets `duration` of device time pass.
    func wait(_ duration: Duration) async
    /// What Settings ▸ General ▸ Reset ▸ Reset Location & Privacy resets besides the
    /// notification permission and the push tokens: the host's own services' permissions.
    func resetPrivacySettings()
    /// The file or text the web UI serves at `/api/PATH` for one of the app's screens (the
    /// Newsstand screen's document, the Location tab's map); nil when the app serves none.
    func webResource(_ path: String) -> WebResource?
}

extension CommandHost {
    /// The runtime's rules.
    public var rules: RuleBook { .runtime }

    /// Lets `duration` pass on the device: real time on a ``Device``, the test's clock on a
    /// ``TestDevice``.
    public func wait(_ duration: Duration) async {
        await device.wait(duration)
    }

    /// Nothing beyond the device's own settings.
    public func resetPrivacySettings() {}

    /// None.
    public func webResource(_ path: String) -> WebResource? { nil }

    /// Runs one command line; see ``CommandTable``. The app first reacts to what came before
    /// the command too (the launch), so that `status` sees it settled, with live time.
    public func execute(_ line: String) async -> CommandResult {
        await device.waitUntilIdle()
        return await commands.execute(line, on: self)
    }

    /// Says in the console which era the device plays and which background modes the app
    /// declares, as the first line of a session; `debuggerAttached` as the device was set up.
    public func logBoot(debuggerAttached: Bool) {
        let modes = device.infoPlist.backgroundModes.map(\.rawValue).sorted().joined(separator: ", ")
        device.console.log(
            "Device booted: \(device.profile.name)\(debuggerAttached ? " with the debugger attached" : ""), UIBackgroundModes [\(modes)] from \(device.infoPlist.source)"
        )
    }

    /// Ends the app as the user would (willTerminate if it is running) and returns once it is
    /// not running and the effects of its end are carried out.
    public func terminateAndWait() async {
        let ended = AsyncStream<Void>.makeStream()
        let observer = device.observers.observeStateChanges { change in
            if change.to == .notRunning { ended.continuation.finish() }
        }
        if device.appState == .notRunning { ended.continuation.finish() }
        device.terminate(.user)
        for await _ in ended.stream {}
        device.observers.removeStateObserver(observer)
        // The end's effects may still be carried out on another thread (the energy log's line).
        await device.waitUntilIdle()
    }

    /// Ends the app if it runs and launches it again for `reason`, as Xcode's Run does with the
    /// scheme's "Launch due to a background fetch event".
    public func relaunch(reason: LaunchReason) async {
        await terminateAndWait()
        device.launch(reason: reason)
    }
}
