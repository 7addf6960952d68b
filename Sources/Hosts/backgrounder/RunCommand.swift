import ArgumentParser
import BackgroundRuntime
import BackgrounderHost
import BackgrounderWeb
import DemoPeers
import Foundation
import BackgrounderPush
import Push
import TheBackgrounder

/// `backgrounder run`: the app, its console on standard output, and commands on standard input.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run TheBackgrounder, with its console log on standard output.",
        discussion: """
            The app starts active. Type commands on standard input, one per line: `home` sends \
            it to the background, `open` brings it back, `status` prints its state as JSON, \
            `help` lists everything. With --headless the session ends at the end of input, so a \
            scenario is a shell pipeline:

              printf 'status\\nhome\\nwait 7\\nstatus\\nopen\\nstatus\\n' | backgrounder run --headless

            Without --headless the app is also a phone in your browser at http://127.0.0.1:8080 \
            (--port), and its console can be followed with `backgrounder console` (--console-listen).
            """
    )

    @OptionGroup var host: HostOptions

    @OptionGroup var services: ServiceOptions

    @Option(help: "The built-in content server's port on 127.0.0.1 (default \(ContentServer.defaultPort); auto picks a free port, 0 starts none); the Newsstand screen downloads from it, on the port it got. A port that is taken is one console line, and it serves on a free port instead.")
    var contentPort = ListenerPort.number(ContentServer.defaultPort)

    @Option(help: "How fast the content server serves its issue, e.g. 1MB/s, 512KB/s, 2MiB/s, or unlimited.")
    var contentRate = "2MB/s"

    @Option(help: "A URL the Fetch tab fetches instead of the current time; new data when its ETag or Last-Modified changes.")
    var fetchUrl: String?

    func validate() throws {
        try contentPort.validate(flag: "--content-port")
        do {
            _ = try ByteRate.parse(contentRate)
        } catch {
            throw ValidationError("--content-rate: \(error)")
        }
        if let fetchUrl, Self.httpURL(fetchUrl) == nil {
            throw ValidationError("--fetch-url \(fetchUrl): not an http or https URL with a host")
        }
    }

    func run() async throws {
        let configuration = try makeConfiguration()
        let push = host.push
        // Without --headless the gateway listens on APNs's alternative port unless told; a
        // default port that is taken leaves it out with a console line, so a second backgrounder
        // still runs.
        let port = (push.pushPort ?? (host.headless ? .number(0) : .number(PushGatewayConfiguration.defaultPort))).bindPort
        let dataDirectory = configuration.dataDirectory
        // The content server, one of TheBackgrounder's parts, listens before the launch: the
        // Newsstand tab's URL names the port it got.
        try await HostRun.run(host, tabs: WebServer.rendererTabs, makeHost: { desktop, consoleOutput in
            Backgrounder(configuration: configuration.with(desktopNotifications: desktop, consoleOutput: consoleOutput)).host
        }, services: { host in
            guard let port else { return nil }
            return try await HostedPushGateway.apns.start(push, port, host.device, dataDirectory)
        })
    }

    private func makeConfiguration() throws -> Configuration {
        var configuration = Configuration(
            profile: host.profile,
            infoPlist: try host.loadInfoPlist { try BundledResources.infoPlist() },
            dataDirectory: try host.data.prepared(),
            launchReason: host.launchReason,
            webPort: host.port,
            fetchURL: fetchUrl.flatMap(Self.httpURL)
        )
        configuration.notificationAuthorization = host.notificationAuthorization
        configuration.debuggerAttached = host.debuggerAttached
        configuration.clock = host.clock
        configuration.services = try services.settings()
        configuration.contentServerPort = contentPort.bindPort
        configuration.contentRate = try? ByteRate.parse(contentRate)
        if host.isolation == .process {
            configuration.appProcess = host.appProcess()
        }
        return configuration
    }

    /// `text` as an http or https URL with a host, or nil.
    static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else { return nil }
        return url
    }
}

extension Configuration {
    /// This configuration with `desktopNotifications` and `consoleOutput`.
    fileprivate func with(
        desktopNotifications: (any DesktopNotifier)?, consoleOutput: @escaping @Sendable (String) -> Void
    ) -> Configuration {
        var configuration = self
        configuration.desktopNotifications = desktopNotifications
        configuration.consoleOutput = consoleOutput
        return configuration
    }
}
