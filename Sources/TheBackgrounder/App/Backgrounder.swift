import BackgroundRuntime
import Foundation
import Newsstand

/// TheBackgrounder put together: the device that plays iOS, the app that runs on it, the
/// system services its tabs use, and the commands a user or a script gives it.
public final class Backgrounder: Sendable {
    public let configuration: Configuration
    public let device: Device
    public let commands: CommandTable
    /// The Newsstand transfer service (the system's nsurlsessiond).
    public let newsstand: TransferService
    let contentServer: ContentServerTask

    public init(configuration: Configuration) {
        self.configuration = configuration
        let newsstandSlot = LateBound<TransferService>()
        let device = Device(
            profile: configuration.profile,
            infoPlist: configuration.infoPlist,
            timing: configuration.timing,
            consoleOutput: configuration.consoleOutput
        ) { application in
            TheBackgrounderApp(application: application, newsstand: newsstandSlot.value, newsstandURL: configuration.newsstandURL)
        }
        self.device = device
        commands = .all
        contentServer = ContentServerTask(console: device.console)
        let newsstand = TransferService(
            device: device, dataDirectory: configuration.dataDirectory, options: configuration.transferOptions)
        self.newsstand = newsstand
        newsstandSlot.bind(newsstand)
    }

    /// Launches the app for the configured reason.
    public func start() {
        device.console.log(
            "Device booted: \(configuration.profile.name), UIBackgroundModes [\(configuration.infoPlist.backgroundModes.map(\.rawValue).sorted().joined(separator: ", "))] from \(configuration.infoPlist.source)"
        )
        if let port = configuration.contentServerPort {
            contentServer.start(ContentServer(port: port, rate: configuration.contentRate))
        }
        newsstand.start()
        device.launch(reason: configuration.launchReason)
    }

    /// Runs one command line; see ``CommandTable``.
    public func execute(_ line: String) async -> CommandResult {
        await commands.execute(line, on: self)
    }

    /// Lets `duration` pass: real time on a live device, manual time otherwise.
    public func wait(_ duration: Duration) async {
        switch device.loop.timing {
        case .live: try? await Task.sleep(for: duration)
        case .manual: device.advance(by: duration)
        }
    }

    /// Ends the app as the user would (willTerminate if it is running) and stops the device.
    public func quit() async {
        let ended = AsyncStream<Void>.makeStream()
        let observer = device.observeStateChanges { change in
            if change.to == .notRunning { ended.continuation.finish() }
        }
        if device.appState == .notRunning { ended.continuation.finish() }
        device.terminate(.user)
        for await _ in ended.stream {}
        device.removeStateObserver(observer)
        await newsstand.shutdown()
        await contentServer.stop()
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
