import BackgroundCommands
import BackgroundRuntime
import Hummingbird
import HummingbirdWebSocket
import Logging
import ServiceLifecycle

/// The web UI: an app (TheBackgrounder, or any app a ``CommandHost`` runs) as a phone in the
/// browser, with Xcode's debug tools beside it.
///
/// It serves the page and its assets (module resources, nothing from a CDN) and a small API on
/// 127.0.0.1. The page talks to the system, never to the app: it reads ``Device/status()``
/// (the screens' last snapshots) and the console, and sends the same command lines as the
/// headless console through the host's `execute(_:)`. Live updates come over a WebSocket.
///
/// The phone's tabs are the screens the host names (TheBackgrounder's six, ``rendererTabs``),
/// or, for an app that names none, every screen the app publishes: drawn by its renderer when
/// the page has one, else shown as its snapshot's JSON.
///
/// | route | what |
/// | --- | --- |
/// | `GET /` and `/app.js`, … | the page and its assets |
/// | `GET /api/status` | `status` as JSON |
/// | `GET /api/console?after=N&limit=M` | the last M kept console lines after sequence N |
/// | `GET /api/commands` | the command table: usage and help of each command |
/// | `GET /api/app` | the app's name and the tabs the phone shows (null: every published screen) |
/// | `GET /api/newsstand/document` | the PDF the Newsstand screen shows (404 while it shows none) |
/// | `GET /api/location/map.svg` | the Location tab's map: track, last 100 pins, region (as `location map` writes it) |
/// | `POST /api/command` | `{"line": "home"}` → `{"ok": true, "output": …}` or `{"ok": false, "error": …}` |
/// | `GET /ws?after=N` | WebSocket of ``FeedEvent``s: status, state changes, console lines after N |
///
/// Requests must name a loopback host, and an `Origin` (browsers send one on cross-site
/// requests and WebSockets) must be a loopback origin too, so that no web site the user visits
/// can drive the app through the user's browser.
public final class WebServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let feed: StatusFeed
    private let services: ServiceGroup
    private let task: Task<Void, Never>

    private init(port: Int, feed: StatusFeed, services: ServiceGroup, task: Task<Void, Never>) {
        self.port = port
        self.feed = feed
        self.services = services
        self.task = task
    }

    /// The screens the page has renderers for, in TheBackgrounder's tab order.
    public static let rendererTabs = ["audio", "location", "whatever", "newsstand", "voip", "fetch"]

    /// Starts serving `host`'s app on 127.0.0.1:`port` (0 picks a free port) and returns once it
    /// listens.
    ///
    /// - Parameters:
    ///   - tabs: the screens the phone's tab bar shows, by their key in `status`'s `screens`;
    ///     nil shows every screen the app publishes.
    ///   - statusInterval: the least time between two status pushes.
    public static func start<Host: CommandHost>(
        host: Host, port: Int, tabs: [String]? = nil, statusInterval: Duration = .milliseconds(100)
    ) async throws(WebServerError) -> WebServer {
        // Refused before Hummingbird's service group starts (``LoopbackPort``).
        guard !LoopbackPort.isTaken(port) else { throw .cannotListen(port: port, reason: LoopbackPort.takenDescription) }
        let feed = StatusFeed(device: host.device, interval: statusInterval)
        var logger = Logger(label: "BackgrounderWeb")
        logger.logLevel = .critical
        let router = makeRouter(host: host, tabs: tabs, feed: feed, logger: logger)
        let started = AsyncStream<Result<Int, any Error>>.makeStream()
        let application = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                started.continuation.yield(.success(channel.localAddress?.port ?? port))
            },
            logger: logger
        )
        let services = ServiceGroup(services: [application], gracefulShutdownSignals: [], logger: logger)
        let task = Task {
            do {
                try await services.run()
            } catch {
                started.continuation.yield(.failure(error))
            }
            started.continuation.finish()
        }
        for await result in started.stream {
            switch result {
            case .success(let port):
                return WebServer(port: port, feed: feed, services: services, task: task)
            case .failure(let error):
                feed.stop()
                throw .cannotListen(port: port, reason: "\(error)")
            }
        }
        feed.stop()
        throw .cannotListen(port: port, reason: "the server stopped before it listened")
    }

    /// How long ``stop()`` waits for the server to shut down gracefully.
    static let shutdownGrace: Duration = .seconds(1)

    /// Stops serving: the live updates end, so the pages' WebSockets close, and the server
    /// shuts down gracefully once the requests in flight are answered.
    ///
    /// A connection that never sent a request (a browser's preconnect) holds up Hummingbird's
    /// graceful shutdown forever: hummingbird-websocket arms its idle timeout only after the
    /// first request. So this waits at most ``shutdownGrace``, then cancels the server and
    /// returns; the process is ending anyway. (A wall-clock wait: the device's clock has
    /// stopped by then.)
    public func stop() async {
        feed.stop()
        await services.triggerGracefulShutdown()
        let task = self.task
        let stopped = AsyncStream<Void>.makeStream()
        Task {
            await task.value
            stopped.continuation.finish()
        }
        Task {
            try? await Task.sleep(for: Self.shutdownGrace)
            task.cancel()
            stopped.continuation.finish()
        }
        for await _ in stopped.stream {}
    }

    /// The page's address.
    public var url: String { "http://127.0.0.1:\(port)/" }

    /// How many pages follow the live updates.
    public var subscriberCount: Int { feed.subscriberCount }
}
