import BackgroundCommands
import BackgroundRuntime
import Foundation

/// The host of any app: a device with the app's delegate on it, the system's services
/// (``SystemServices``) and the commands every app has (``CommandTable/common``).
/// `AppHost.main` gives it the `backgrounder`-style command line and the web UI; TheBackgrounder
/// runs on one too, with its tabs' commands beside.
public final class AppHost: CommandHost {
    public let device: Device
    /// The system's services of the device.
    public let services: SystemServices
    public let commands: CommandTable<AppHost>
    public let dataDirectory: URL
    public let launchReason: LaunchReason
    private let debuggerAttached: Bool

    /// The app of `setup` on the device `makeDevice` makes (a ``Device`` on real time by
    /// default), storing in `dataDirectory`, to be launched for `launchReason`, with the
    /// system's services set up as `settings` says and made as `start` says.
    public init(
        setup: DeviceSetup, dataDirectory: URL, launchReason: LaunchReason = .user, services settings: ServiceSettings = ServiceSettings(),
        startingServices start: SystemServices.Start = .onFirstCall, makeDevice: (DeviceSetup) -> Device = { Device($0) }
    ) {
        var setup = setup
        setup.storageDirectory = dataDirectory
        device = makeDevice(setup)
        services = SystemServices(device: device, dataDirectory: dataDirectory, settings: settings, start: start)
        commands = CommandTable(CommandTable.common)
        self.dataDirectory = dataDirectory
        self.launchReason = launchReason
        debuggerAttached = setup.debuggerAttached
    }

    /// Starts the services and launches the app for ``launchReason``.
    public func start() {
        logBoot(debuggerAttached: debuggerAttached)
        services.start()
        // A background session restored from the data directory may have launched the app for
        // its events already: the user's launch then brings it to the screen.
        if launchReason == .user {
            device.openApp()
        } else {
            device.launch(reason: launchReason)
        }
    }

    /// Ends the app as the user would (willTerminate if it is running), stops the services and
    /// the device, once every console line has reached the output.
    public func quit() async {
        await terminateAndWait()
        await services.shutdown()
        await device.console.flush()
        device.shutdown()
    }

    /// The location service's permission, which Reset Location & Privacy resets too.
    public func resetPrivacySettings() {
        services.resetPrivacySettings()
    }
}
