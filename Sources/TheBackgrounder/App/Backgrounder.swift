import Audio
import BackgroundRuntime
import DemoPeers
import Fetch
import Foundation
import Location
import Newsstand
import VoIP

/// TheBackgrounder put together: the device that plays iOS, the app that runs on it, the
/// system services its tabs use, and the commands a user or a script gives it.
public final class Backgrounder: Sendable {
    public let configuration: Configuration
    public let device: Device
    public let commands: CommandTable
    /// The system's location service: its source and the fixes it delivers.
    public let location: LocationService
    /// The Audio tab's player: a system service, like iOS's media server.
    public let audioPlayer: QueuePlayer
    /// The Newsstand transfer service (the system's nsurlsessiond).
    public let newsstand: TransferService
    /// The VoIP tab's socket, kept by the system while the app is suspended.
    public let voip: VoIPService
    let contentServer: ContentServerTask

    /// Puts TheBackgrounder together on the device `makeDevice` makes from its setup: a
    /// ``Device`` on real time by default, or a ``TestDevice``.
    public init(configuration: Configuration, makeDevice: (DeviceSetup) -> Device = { Device($0) }) {
        self.configuration = configuration
        let environment = AppEnvironment(
            dataDirectory: configuration.dataDirectory, newsstandURL: configuration.newsstandURL,
            fetchURL: configuration.fetchURL)
        var setup = DeviceSetup(
            profile: configuration.profile,
            infoPlist: configuration.infoPlist,
            consoleOutput: configuration.consoleOutput,
            storageDirectory: configuration.dataDirectory,
            desktopNotifications: configuration.desktopNotifications
        ) { application in
            TheBackgrounderApp(application: application, environment: environment)
        }
        setup.debuggerAttached = configuration.debuggerAttached
        device = makeDevice(setup)
        device.notificationPermissionAnswer = configuration.notificationAuthorization
        FetchScheduleFact.attach(to: device)
        location = LocationService(device: device, answer: configuration.locationAuthorization)
        audioPlayer = QueuePlayer(device: device, output: configuration.audioOutput)
        newsstand = TransferService(
            device: device, dataDirectory: configuration.dataDirectory, options: configuration.transferOptions)
        contentServer = ContentServerTask(console: device.console)
        voip = VoIPService(
            device: device, configuration: configuration.voip,
            endpointFile: VoIPService.endpointFile(inDataDirectory: configuration.dataDirectory))
        environment.attach(location: location, audioPlayer: audioPlayer, newsstand: newsstand, voip: voip)
        commands = .all
    }

    /// Launches the app for the configured reason.
    public func start() {
        device.console.log(
            "Device booted: \(configuration.profile.name)\(configuration.debuggerAttached ? " with the debugger attached" : ""), UIBackgroundModes [\(configuration.infoPlist.backgroundModes.map(\.rawValue).sorted().joined(separator: ", "))] from \(configuration.infoPlist.source)"
        )
        if let port = configuration.contentServerPort {
            contentServer.start(ContentServer(port: port, rate: configuration.contentRate))
        }
        newsstand.start()
        device.launch(reason: configuration.launchReason)
    }

    /// Runs one command line; see ``CommandTable``. The app first reacts to what came before
    /// the first command too (the launch), so that `status` sees it settled, with live time.
    public func execute(_ line: String) async -> CommandResult {
        await device.waitUntilIdle()
        return await commands.execute(line, on: self)
    }

    /// Lets `duration` of device time pass: real time on a ``Device``, the test's clock on a
    /// ``TestDevice``.
    public func wait(_ duration: Duration) async {
        await device.wait(duration)
    }

    /// Ends the app as the user would (willTerminate if it is running) and stops the device,
    /// once every console line has reached the output: the process may exit right after.
    public func quit() async {
        await terminateAndWait()
        audioPlayer.shutdown()
        await newsstand.shutdown()
        await contentServer.stop()
        await device.console.flush()
        device.shutdown()
    }

    /// Runs `body` with the app's delegate, if the app is on screen: a tap on its screen.
    public func onScreen<T: Sendable>(
        _ body: @escaping @AppMain @Sendable (TheBackgrounderApp) -> T
    ) async throws(CommandError) -> T {
        let state = device.appState
        guard state.isForeground else { throw .notOnScreen(state) }
        let result = await device.run { application in
            (application.delegate as? TheBackgrounderApp).map(body)
        }
        guard let value = result ?? nil else { throw .notOnScreen(device.appState) }
        return value
    }
}
