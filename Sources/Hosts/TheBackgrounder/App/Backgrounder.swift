import Audio
import AudioSystem
import BackgroundCommands
import BackgroundRuntime
import DemoPeers
import Fetch
import Foundation
import Location
import LocationSystem
import Newsstand
import NewsstandSystem
import VoIP
import VoIPSystem

/// TheBackgrounder put together: the device that plays iOS, the app that runs on it, the
/// system services its tabs use, and the commands a user or a script gives it.
public final class Backgrounder: CommandHost {
    public let configuration: Configuration
    public let device: Device
    public let commands: CommandTable<Backgrounder>
    /// The system's location service: its source and the fixes it delivers. The Location tab
    /// talks to it by messages; the commands that play Settings and Xcode's Simulate Location
    /// act on it here.
    public let location: LocationService
    /// The Audio tab's player and session: a system service, like iOS's media server, that the
    /// tab's `AudioPlayer` talks to by messages.
    public let audio: AudioService
    /// The Newsstand transfer service (the system's nsurlsessiond), which the Newsstand tab's
    /// library talks to by messages.
    public let newsstand: TransferService
    /// The system's transfer service for background URL sessions: it downloads each transfer the
    /// system runs and tells the device how it ended.
    public let sessionTransfers: BackgroundSessionTransferService
    /// The VoIP tab's socket, kept by the system while the app is suspended.
    public let voip: VoIPService
    let contentServer: ContentServerTask

    /// Puts TheBackgrounder together on the device `makeDevice` makes from its setup: a
    /// ``Device`` on real time by default, or a ``TestDevice``.
    public init(configuration: Configuration, makeDevice: (DeviceSetup) -> Device = { Device($0) }) {
        self.configuration = configuration
        let contentServer = ContentServerTask()
        self.contentServer = contentServer
        // What each launch gets, as it is then: the Newsstand URL follows the port the content
        // server got.
        let environment: @Sendable () -> AppEnvironment = {
            AppEnvironment(
                dataDirectory: configuration.dataDirectory,
                newsstandURL: contentServer.port.map { ContentServer.issueURL(port: $0) } ?? configuration.newsstandURL,
                fetchURL: configuration.fetchURL)
        }
        var setup = DeviceSetup(
            profile: configuration.profile,
            infoPlist: configuration.infoPlist,
            consoleOutput: configuration.consoleOutput,
            storageDirectory: configuration.dataDirectory,
            desktopNotifications: configuration.desktopNotifications
        ) { application in
            TheBackgrounderApp(application: application, environment: environment())
        }
        setup.debuggerAttached = configuration.debuggerAttached
        setup.clock = configuration.clock
        setup.appProcess = configuration.appProcess?.passing(environment)
        device = makeDevice(setup)
        device.notificationCenter.permissionAnswer = configuration.notificationAuthorization
        FetchScheduleFact.attach(to: device)
        location = LocationService(device: device, answer: configuration.locationAuthorization)
        if let route = configuration.locationRoute { location.simulate(route.track, loops: route.loops) }
        audio = AudioService(device: device, output: configuration.audioOutput)
        newsstand = TransferService(
            device: device, dataDirectory: configuration.dataDirectory, options: configuration.transferOptions)
        sessionTransfers = BackgroundSessionTransferService(
            device: device, dataDirectory: configuration.dataDirectory, options: configuration.transferOptions)
        voip = VoIPService(
            device: device, configuration: configuration.voip,
            endpointFile: VoIPService.endpointFile(inDataDirectory: configuration.dataDirectory))
        commands = TheBackgrounderCommands.all
    }

    public var dataDirectory: URL { configuration.dataDirectory }

    public var launchReason: LaunchReason { configuration.launchReason }

    /// The runtime's rules and the tabs'.
    public var rules: RuleBook { .theBackgrounder }

    /// Starts the built-in content server (``Configuration/contentServerPort``) unless it runs
    /// already, and returns once it listens — on a free port if its own is taken, which the
    /// Newsstand tab's URL then names — or has said on the console why it could not.
    public func startContentServer() async {
        guard let port = configuration.contentServerPort else { return }
        await contentServer.start(ContentServer(port: port, rate: configuration.contentRate), console: device.console)
    }

    /// The Newsstand tab's default URL: the content server's issue, on the port it listens on.
    public var newsstandURL: String {
        contentServer.port.map { ContentServer.issueURL(port: $0) } ?? configuration.newsstandURL
    }

    /// Launches the app for the configured reason, with the content server (unless
    /// ``startContentServer()`` started it: `backgrounder run` does, so that the tab's URL
    /// names its port) and the transfer services.
    public func start() {
        logBoot(debuggerAttached: configuration.debuggerAttached)
        if let port = configuration.contentServerPort {
            contentServer.begin(ContentServer(port: port, rate: configuration.contentRate), console: device.console)
        }
        newsstand.start()
        sessionTransfers.start()
        // A background session restored from the data directory may have launched the app for
        // its events already: the user's launch then brings it to the screen.
        if configuration.launchReason == .user {
            device.openApp()
        } else {
            device.launch(reason: configuration.launchReason)
        }
    }

    /// Ends the app as the user would (willTerminate if it is running) and stops the device and
    /// the tabs' services, once every console line has reached the output.
    public func quit() async {
        await terminateAndWait()
        audio.shutdown()
        await newsstand.shutdown()
        await sessionTransfers.shutdown()
        // The process ends after the quit: its end closes the port (see ContentServerTask.cancel()).
        contentServer.cancel()
        await device.console.flush()
        device.shutdown()
    }

    /// The location service's authorization, which Reset Location & Privacy resets too.
    public func resetPrivacySettings() {
        location.resetAuthorization()
    }
}
