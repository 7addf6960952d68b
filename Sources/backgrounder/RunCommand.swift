import ArgumentParser
import Audio
import BackgroundRuntime
import BackgrounderWeb
import DBus
import DemoPeers
import DesktopNotifications
import Foundation
import Location
import MPRIS
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

    @Flag(help: "No web UI: read commands from standard input and quit at its end.")
    var headless = false

    @Option(help: "The web UI's port on 127.0.0.1.")
    var port = 8080

    @Option(name: .customLong("ios"), help: "The iOS version whose rules apply: 6 (10-minute tasks), 10 (3 minutes), 17 (30 seconds); 4 to 26.")
    var iOSVersion = 10

    @Flag(help: "Run as from Xcode with its debugger attached: the app is never suspended and no watchdog kills it, as on a device under the debugger (what works this way may still fail in the field).")
    var debuggerAttached = false

    @Option(help: "An Info.plist to use instead of the app's own, e.g. one without a background mode.")
    var infoPlist: String?

    @Option(help: "Where the app stores its data (default: $XDG_DATA_HOME/backgrounder or ~/.local/share/backgrounder).")
    var dataDir: String?

    @Option(help: "Why the app is launched: \(LaunchReason.allCases.map(\.rawValue).joined(separator: ", ")). All but user launch it into the background.")
    var launchReason: LaunchReason = .user

    @Option(help: "The user's answer when the app asks for location authorization, taken as final: always, whenInUse, once (Allow Once, iOS 13 and later), denied, or ask (the era's permission alert waits for an answer: `location authorize`, or the web UI's dialog).")
    var locationAuthorization: LocationAuthorization = .always

    @Option(help: "The user's answer when the app asks to send notifications: allow, deny, or ask (the permission alert waits for an answer: `notification authorize`, or the web UI's dialog).")
    var notificationAuthorization: NotificationPermissionAnswer = .allow

    @Option(help: "Where the Audio tab's sound goes: auto (the default audio device, or nowhere if there is none) or null (nowhere, at real-time pace).")
    var audioSink: AudioOutput = .automatic

    @Option(help: "Where the remote console listens, HOST or HOST:PORT (default \(ListenAddress.remoteConsoleDefault), loopback only). Without --headless it always listens; with it, only when given.")
    var consoleListen: String?

    @Option(help: "The built-in content server's port on 127.0.0.1 (0 starts none); the Newsstand screen downloads from it.")
    var contentPort = ContentServer.defaultPort

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

    @Option(help: "The APNs-compatible push gateway's port on 127.0.0.1 (HTTP/2 over TLS; default \(PushGatewayConfiguration.defaultPort), APNs's alternative port; 0 starts none). Without --headless it always listens; with it, only when given.")
    var pushPort: Int?

    @Option(help: "A PEM file with the push gateway's certificate and private key (default: a self-signed certificate made at first run, push/gateway.pem in the data directory, for clients' --cacert).")
    var pushCertificate: String?

    @Option(help: "An APNs auth key (.p8, or its public key) in PEM: the push gateway then wants an ES256 provider token signed with it in each request's authorization header.")
    var pushKey: String?

    @Option(help: "Requests a second the push gateway accepts for one device token before it answers 429 TooManyRequests (Backgrounder's model: APNs names the error, not the number).")
    var pushRateLimit = 1000

    @Option(help: "A URL the Fetch tab fetches instead of the current time; new data when its ETag or Last-Modified changes.")
    var fetchUrl: String?

    func validate() throws {
        guard PolicyProfile(iOS: iOSVersion) != nil else {
            throw ValidationError(
                "--ios \(iOSVersion): no policy profile for that version; choose \(PolicyProfile.supportedVersions.lowerBound) to \(PolicyProfile.supportedVersions.upperBound)")
        }
        guard (1...65_535).contains(port) else {
            throw ValidationError("--port \(port): not a TCP port (1 to 65535)")
        }
        _ = try consoleAddress()
        guard (0...65_535).contains(contentPort) else {
            throw ValidationError("--content-port \(contentPort): not a TCP port (1 to 65535, or 0 for none)")
        }
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
        if let pushPort, !(0...65_535).contains(pushPort) {
            throw ValidationError("--push-port \(pushPort): not a TCP port (1 to 65535, or 0 for none)")
        }
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
        var configuration = try makeConfiguration()
        // One D-Bus client for the process: desktop notifications and MPRIS share it.
        let bus = Result { () throws(DBusError) in try DBusConnection.sessionBusAddress().map(DBusConnection.init) }
        let connection = try? bus.get()
        configuration.desktopNotifications = connection.map { FreedesktopNotifications(connection: $0) }
        let backgrounder = Backgrounder(configuration: configuration)
        let mpris = connection.map { MPRISPlayer(device: backgrounder.device, connection: $0) }
        if case .failure(let error) = bus {
            backgrounder.device.console.log("D-Bus session bus: \(error); no desktop notifications or media controls")
        }
        do {
            try mpris?.start()
        } catch {
            backgrounder.device.console.log("MPRIS: \(error); no media controls on the desktop")
        }
        defer {
            mpris?.stop()
            connection?.close()
        }
        let listeners = try await Listeners.start(
            backgrounder: backgrounder, webPort: headless ? nil : port, consoleAddress: try consoleAddress(),
            push: try pushConfiguration(dataDirectory: configuration.dataDirectory), pushPortWasAsked: pushPort != nil)
        let session = Session(backgrounder: backgrounder, quitsAtEndOfInput: headless)
        await session.run()
        await listeners.stop()
    }

    /// The push gateway's settings; nil for none (--push-port 0, or headless without it).
    private func pushConfiguration(dataDirectory: URL) throws -> PushGatewayConfiguration? {
        let port = pushPort ?? (headless ? 0 : PushGatewayConfiguration.defaultPort)
        guard port != 0 else { return nil }
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

    /// Where the remote console listens; nil for none (headless without --console-listen).
    private func consoleAddress() throws -> ListenAddress? {
        guard let consoleListen else { return headless ? nil : .remoteConsoleDefault }
        do {
            return try ListenAddress(parsing: consoleListen, defaultPort: ListenAddress.remoteConsoleDefault.port)
        } catch {
            throw ValidationError("--console-listen \(error)")
        }
    }

    private func makeConfiguration() throws -> Configuration {
        let plist: InfoPlist
        do {
            plist = try infoPlist.map { try InfoPlist(contentsOf: $0) } ?? BundledResources.infoPlist()
        } catch {
            throw ValidationError("--info-plist: \(error)")
        }
        let dataDirectory = dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? DataDirectory.defaultURL()
        do {
            try DataDirectory.prepare(dataDirectory)
        } catch {
            throw ValidationError("--data-dir: \(error)")
        }
        var configuration = Configuration(
            profile: PolicyProfile(iOS: iOSVersion) ?? .default,
            infoPlist: plist,
            dataDirectory: dataDirectory,
            launchReason: launchReason,
            webPort: port,
            locationAuthorization: locationAuthorization,
            audioOutput: audioSink,
            fetchURL: fetchUrl.flatMap(Self.httpURL)
        )
        configuration.notificationAuthorization = notificationAuthorization
        configuration.debuggerAttached = debuggerAttached
        configuration.transferOptions.trustedCertificates = trustCertificate.map { URL(fileURLWithPath: $0) }
        configuration.voip.readIdleTimeout = voipReadIdle.map { .seconds($0) }
        configuration.voip.backoff.cap = .seconds(voipBackoffCap)
        configuration.contentServerPort = contentPort == 0 ? nil : contentPort
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

extension LaunchReason: ExpressibleByArgument {}
extension LocationAuthorization: ExpressibleByArgument {}
extension NotificationPermissionAnswer: ExpressibleByArgument {}
extension AudioOutput: ExpressibleByArgument {}
