import Audio
import AudioSystem
import BackgroundCommands
import BackgroundRuntime
import BackgrounderHost
import DemoPeers
import Fetch
import Foundation
import Location
import LocationSystem
import Newsstand
import NewsstandSystem
import VoIP
import VoIPSystem

/// TheBackgrounder put together: the app on the host every app runs on (``AppHost``: the device
/// that plays iOS, the system's services, and the app's parts — its tabs' commands and the
/// content server its Newsstand tab downloads from, ``HostedAppParts/theBackgrounder(contentServer:environment:)``).
/// `backgrounder run`, the web UI and the tests drive its ``host``.
public final class Backgrounder: Sendable {
    public let configuration: Configuration
    /// The host the app runs on, as every app does.
    public let host: AppHost
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
    /// The VoIP tab's socket, kept by the system while the app is suspended.
    public let voip: VoIPService

    /// Puts TheBackgrounder together on the device `makeDevice` makes from its setup: a
    /// ``Device`` on real time by default, or a ``TestDevice``.
    public init(configuration: Configuration, makeDevice: (DeviceSetup) -> Device = { Device($0) }) {
        self.configuration = configuration
        let contentServer = configuration.contentServerPort.map { ContentServerTask(ContentServer(port: $0, rate: configuration.contentRate)) }
        // What each launch gets, as it is then: the Newsstand URL follows the port the content
        // server got.
        let environment: @Sendable () -> AppEnvironment = {
            AppEnvironment(
                dataDirectory: configuration.dataDirectory,
                newsstandURL: contentServer?.port.map { ContentServer.issueURL(port: $0) } ?? configuration.newsstandURL,
                fetchURL: configuration.fetchURL)
        }
        var setup = DeviceSetup(
            profile: configuration.profile,
            infoPlist: configuration.infoPlist,
            consoleOutput: configuration.consoleOutput,
            desktopNotifications: configuration.desktopNotifications
        ) { application in
            TheBackgrounderApp(application: application, environment: environment())
        }
        setup.debuggerAttached = configuration.debuggerAttached
        setup.clock = configuration.clock
        setup.appProcess = configuration.appProcess
        host = AppHost(
            setup: setup, dataDirectory: configuration.dataDirectory, launchReason: configuration.launchReason,
            services: configuration.services, parts: .theBackgrounder(contentServer: contentServer, environment: environment),
            makeDevice: makeDevice)
        let services = host.services
        guard let location = services.location, let audio = services.audio, let newsstand = services.newsstand,
            let voip = services.voip
        else { preconditionFailure("services made at once are there") }
        (self.location, self.audio, self.newsstand, self.voip) = (location, audio, newsstand, voip)
        host.device.notificationCenter.permissionAnswer = configuration.notificationAuthorization
        FetchScheduleFact.attach(to: host.device)
    }

    /// The device that plays iOS, with the app on it.
    public var device: Device { host.device }

    /// The system's transfer service for background URL sessions: it downloads each transfer the
    /// system runs and tells the device how it ended.
    public var sessionTransfers: BackgroundSessionTransferService { host.services.sessionTransfers }

    /// Launches the app for the configured reason, with the content server and the transfer
    /// services (``AppHost/start()``).
    public func start() {
        host.start()
    }

    /// Quits as the host does (``AppHost/quit()``).
    public func quit() async {
        await host.quit()
    }

    /// Carries out one command line on the host, as `run` does (``CommandHost/execute(_:)``).
    public func execute(_ line: String) async -> CommandResult {
        await host.execute(line)
    }
}
