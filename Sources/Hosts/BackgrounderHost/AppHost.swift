import BackgroundCommands
import BackgroundRuntime
import Foundation

/// The host of any app: a device with the app's delegate on it, the system's services
/// (``SystemServices``), and what the app brings besides (``HostedAppParts``): the commands
/// every app has (``CommandTable/common``) and its own, its rules, its web resources and what
/// runs beside it. `AppHost.main` gives it the `backgrounder`-style command line and the web UI;
/// TheBackgrounder runs on one as every app does, its tabs' commands and its content server its parts.
public final class AppHost: CommandHost {
    public let device: Device
    /// The system's services of the device.
    public let services: SystemServices
    public let commands: CommandTable<AppHost>
    public let dataDirectory: URL
    public let launchReason: LaunchReason
    private let parts: HostedAppParts
    private let debuggerAttached: Bool

    /// The app of `setup` on the device `makeDevice` makes (a ``Device`` on real time by
    /// default), storing in `dataDirectory`, to be launched for `launchReason`, with the
    /// system's services set up as `settings` says, and the app's `parts`.
    public init(
        setup: DeviceSetup, dataDirectory: URL, launchReason: LaunchReason = .user, services settings: ServiceSettings = ServiceSettings(),
        parts: HostedAppParts = HostedAppParts(), makeDevice: (DeviceSetup) -> Device = { Device($0) }
    ) {
        var setup = setup
        setup.storageDirectory = dataDirectory
        setup.appProcess = setup.appProcess?.passing(parts.launchEnvironment)
        device = makeDevice(setup)
        services = SystemServices(device: device, dataDirectory: dataDirectory, settings: settings, start: parts.startingServices)
        commands = parts.commands
        self.dataDirectory = dataDirectory
        self.launchReason = launchReason
        self.parts = parts
        debuggerAttached = setup.debuggerAttached
    }

    /// The app's rules (``HostedAppParts/rules``).
    public var rules: RuleBook { parts.rules }

    /// The app's file or text at `/api/PATH` (``HostedAppParts/webResource``).
    public func webResource(_ path: String) -> WebResource? {
        parts.webResource(self, path)
    }

    /// Starts what runs beside the app (``HostedAppParts/companions``) and returns once each is
    /// ready: `run` does before the launch, so that the launch sees where each listens.
    public func startCompanions() async {
        for companion in parts.companions { await companion.start(console: device.console) }
    }

    /// Starts what runs beside the app unless it runs, then the services, and launches the app
    /// for ``launchReason``.
    public func start() {
        logBoot(debuggerAttached: debuggerAttached)
        for companion in parts.companions { companion.begin(console: device.console) }
        services.start()
        // A background session restored from the data directory may have launched the app for
        // its events already: the user's launch then brings it to the screen.
        if launchReason == .user {
            device.openApp()
        } else {
            device.launch(reason: launchReason)
        }
    }

    /// Ends the app as the user would (willTerminate if it is running), stops the services, what
    /// runs beside the app and the device, once every console line has reached the output.
    public func quit() async {
        await terminateAndWait()
        await services.shutdown()
        for companion in parts.companions { companion.stop() }
        await device.console.flush()
        device.shutdown()
    }

    /// The location service's permission, which Reset Location & Privacy resets too.
    public func resetPrivacySettings() {
        services.resetPrivacySettings()
    }
}
