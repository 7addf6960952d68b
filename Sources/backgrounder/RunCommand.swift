import ArgumentParser
import Audio
import BackgroundRuntime
import BackgrounderHost
import BackgrounderWeb
import DemoPeers
import Foundation
import Location
import Newsstand
import Push
import TheBackgrounder
import VoIP

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

    @Option(help: "The user's answer when the app asks for location authorization, taken as final: always, whenInUse, once (Allow Once, iOS 13 and later), denied, or ask (the era's permission alert waits for an answer: `location authorize`, or the web UI's dialog).")
    var locationAuthorization: LocationAuthorization = .always

    @Option(help: "Where the Audio tab's sound goes: auto (the default audio device, or nowhere if there is none) or null (nowhere, at real-time pace).")
    var audioSink: AudioOutput = .automatic

    @Option(help: "The built-in content server's port on 127.0.0.1 (default \(ContentServer.defaultPort); auto picks a free port, 0 starts none); the Newsstand screen downloads from it, on the port it got. A port that is taken is one console line, and it serves on a free port instead.")
    var contentPort = ListenerPort.number(ContentServer.defaultPort)

    @Option(help: "How fast the content server serves its issue, e.g. 1MB/s, 512KB/s, 2MiB/s, or unlimited.")
    var contentRate = "2MB/s"

    @Option(help: "A PEM certificate to trust besides the system's for Newsstand downloads over HTTPS (a private or self-signed issue server); repeat for more.")
    var trustCertificate: [String] = []

    @Option(help: "Seconds of silence after which the VoIP socket is presumed dead (half-open) and reconnected (default: never, as nc -l speaks only when typed to).")
    var voipReadIdle: Double?

    @Option(help: "The longest wait in seconds between two VoIP reconnection attempts; the waits double from 1 s with full jitter.")
    var voipBackoffCap: Double = 60

    /// The seconds the VoIP flags accept: a second to a day.
    private static let voipSeconds = 1.0...86_400

    @Option(help: "The APNs-compatible push gateway's port on 127.0.0.1 (HTTP/2 over TLS; default \(PushGatewayConfiguration.defaultPort), APNs's alternative port; auto picks a free port, 0 starts none). Without --headless it always listens; with it, only when given. A port that is taken is one console line, and the app runs without it.")
    var pushPort: ListenerPort?

    @Option(help: "A PEM file with the push gateway's certificate and private key (default: a self-signed certificate made at first run, push/gateway.pem in the data directory, for clients' --cacert).")
    var pushCertificate: String?

    @Option(help: "An APNs auth key (.p8, or its public key) in PEM: the push gateway then wants an ES256 provider token signed with it in each request's authorization header.")
    var pushKey: String?

    @Option(help: "Requests a second the push gateway accepts for one device token before it answers 429 TooManyRequests (Backgrounder's model: APNs names the error, not the number).")
    var pushRateLimit = 1000

    @Option(help: "A URL the Fetch tab fetches instead of the current time; new data when its ETag or Last-Modified changes.")
    var fetchUrl: String?

    func validate() throws {
        guard host.isolation == .thread else {
            throw ValidationError(
                "--isolation process: TheBackgrounder does not run in its own process yet; it runs with "
                    + "--isolation thread. An app on AppHost runs in its own process with every call of the runtime "
                    + "(the lifecycle, background tasks, fetch, BGTaskScheduler, notifications, pushes, calls, Now "
                    + "Playing, MetricKit), a VoIPSocket, an AudioPlayer, Newsstand's Library and the location clients")
        }
        try contentPort.validate(flag: "--content-port")
        do {
            _ = try ByteRate.parse(contentRate)
        } catch {
            throw ValidationError("--content-rate: \(error)")
        }
        for path in trustCertificate where !FileManager.default.isReadableFile(atPath: path) {
            throw ValidationError("--trust-certificate \(path): no readable file there")
        }
        if let voipReadIdle, !Self.voipSeconds.contains(voipReadIdle) {
            throw ValidationError("--voip-read-idle \(voipReadIdle): not a number of seconds from 1 to 86400")
        }
        guard Self.voipSeconds.contains(voipBackoffCap) else {
            throw ValidationError("--voip-backoff-cap \(voipBackoffCap): not a number of seconds from 1 to 86400")
        }
        try pushPort?.validate(flag: "--push-port")
        guard pushRateLimit >= 1 else { throw ValidationError("--push-rate-limit \(pushRateLimit): must be 1 or more requests a second") }
        for (flag, path) in [("--push-certificate", pushCertificate), ("--push-key", pushKey)] {
            if let path, !FileManager.default.isReadableFile(atPath: path) {
                throw ValidationError("\(flag) \(path): no readable file there")
            }
        }
        if let fetchUrl, Self.httpURL(fetchUrl) == nil {
            throw ValidationError("--fetch-url \(fetchUrl): not an http or https URL with a host")
        }
    }

    func run() async throws {
        let configuration = try makeConfiguration()
        let push = try pushConfiguration(dataDirectory: configuration.dataDirectory)
        try await HostRun.run(host, commandName: "backgrounder", tabs: WebServer.rendererTabs, makeHost: { desktop in
            Backgrounder(configuration: configuration.with(desktopNotifications: desktop))
        }, services: { backgrounder in
            // Before the launch: the Newsstand tab's URL names the port the content server got.
            await backgrounder.startContentServer()
            return await Self.startPushGateway(push, on: backgrounder)
        })
    }

    /// Starts the push gateway unless `push` is nil and returns what stops it. An optional
    /// listener never stops the start: a gateway that cannot listen (its port taken, a bad
    /// certificate) is left out with one console line naming the flag that moves it.
    private static func startPushGateway(
        _ push: PushGatewayConfiguration?, on backgrounder: Backgrounder
    ) async -> (@Sendable () async -> Void)? {
        guard let push else { return nil }
        let console = backgrounder.device.console
        let gateway: PushGateway
        do {
            gateway = try await PushGateway.start(device: backgrounder.device, configuration: push)
        } catch {
            switch error {
            case .listen(let port, let reason):
                let why = reason.contains("Address already in use") ? "it is taken" : reason
                console.log("Push gateway: not started, cannot listen on 127.0.0.1:\(port) (\(why)); --push-port N moves it (auto picks a free port, 0 starts none)")
            default:
                console.log("Push gateway: not started: \(error)")
            }
            return nil
        }
        console.log("Push gateway: \(gateway.url) (HTTP/2, APNs's provider API; trust \(push.certificate.certificateFile.path)\(push.providerKey == nil ? "" : "; provider tokens checked"))")
        return gateway.stop
    }

    /// The push gateway's settings; nil for none (--push-port 0, or headless without it).
    private func pushConfiguration(dataDirectory: URL) throws -> PushGatewayConfiguration? {
        let asked = pushPort ?? (host.headless ? .number(0) : .number(PushGatewayConfiguration.defaultPort))
        guard let port = asked.bindPort else { return nil }
        do {
            let certificate = try pushCertificate.map { try GatewayCertificate.read(combinedFile: URL(fileURLWithPath: $0)) }
                ?? GatewayCertificate.loadOrMake(inDataDirectory: dataDirectory)
            let key = try pushKey.map { path throws(ProviderKeyError) in try ProviderKey(contentsOf: URL(fileURLWithPath: path)) }
            var configuration = PushGatewayConfiguration(port: port, certificate: certificate, providerKey: key)
            configuration.requestsPerSecondPerToken = pushRateLimit
            return configuration
        } catch let error as ProviderKeyError {
            throw ValidationError("--push-key: \(error)")
        } catch {
            throw ValidationError("\(pushCertificate == nil ? "push gateway" : "--push-certificate"): \(error)")
        }
    }

    private func makeConfiguration() throws -> Configuration {
        var configuration = Configuration(
            profile: host.profile,
            infoPlist: try host.loadInfoPlist { try BundledResources.infoPlist() },
            dataDirectory: try host.data.prepared(),
            launchReason: host.launchReason,
            webPort: host.port,
            locationAuthorization: locationAuthorization,
            audioOutput: audioSink,
            fetchURL: fetchUrl.flatMap(Self.httpURL)
        )
        configuration.notificationAuthorization = host.notificationAuthorization
        configuration.debuggerAttached = host.debuggerAttached
        configuration.clock = host.clock
        configuration.transferOptions.trustedCertificates = trustCertificate.map { URL(fileURLWithPath: $0) }
        configuration.voip.readIdleTimeout = voipReadIdle.map { .seconds($0) }
        configuration.voip.backoff.cap = .seconds(voipBackoffCap)
        configuration.contentServerPort = contentPort.bindPort
        configuration.contentRate = try? ByteRate.parse(contentRate)
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
    /// This configuration with `desktopNotifications`.
    fileprivate func with(desktopNotifications: (any DesktopNotifier)?) -> Configuration {
        var configuration = self
        configuration.desktopNotifications = desktopNotifications
        return configuration
    }
}

extension LocationAuthorization: ExpressibleByArgument {}
extension AudioOutput: ExpressibleByArgument {}
