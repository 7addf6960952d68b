import BackgroundRuntime
import Foundation
import Synchronization

/// The host of any app: a device with the app's delegate on it, and the commands every app
/// has (``CommandTable/common``). `AppHost.main` (in BackgrounderHost) gives it the
/// `backgrounder`-style command line and the web UI.
public final class AppHost: CommandHost {
    public let device: Device
    public let commands: CommandTable<AppHost>
    public let dataDirectory: URL
    public let launchReason: LaunchReason
    private let debuggerAttached: Bool
    private let services = Mutex<[any AnyObject & Sendable]>([])

    /// The app of `setup` on the device `makeDevice` makes (a ``Device`` on real time by
    /// default), storing in `dataDirectory`, to be launched for `launchReason`.
    public init(
        setup: DeviceSetup, dataDirectory: URL, launchReason: LaunchReason = .user,
        makeDevice: (DeviceSetup) -> Device = { Device($0) }
    ) {
        var setup = setup
        setup.storageDirectory = dataDirectory
        device = makeDevice(setup)
        commands = CommandTable(CommandTable.common)
        self.dataDirectory = dataDirectory
        self.launchReason = launchReason
        debuggerAttached = setup.debuggerAttached
    }

    /// Keeps `service`, a system service made for this host's device (the VoIP socket's), for
    /// as long as the host lives.
    public func keep(_ service: any AnyObject & Sendable) {
        services.withLock { $0.append(service) }
    }

    public func start() {
        logBoot(debuggerAttached: debuggerAttached)
        device.launch(reason: launchReason)
    }

    public func quit() async {
        await terminateAndWait()
        await device.console.flush()
        device.shutdown()
    }
}
