import ArgumentParser
import Audio
import BackgroundRuntime
import Foundation
import Location
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
            """
    )

    @Flag(help: "No web UI: read commands from standard input and quit at its end.")
    var headless = false

    @Option(help: "The web UI's port on 127.0.0.1.")
    var port = 8080

    @Option(name: .customLong("ios"), help: "The iOS version whose rules apply: 6 (10-minute tasks), 10 (3 minutes), 17 (30 seconds); 4 to 26.")
    var iOSVersion = 10

    @Option(help: "An Info.plist to use instead of the app's own, e.g. one without a background mode.")
    var infoPlist: String?

    @Option(help: "Where the app stores its data (default: $XDG_DATA_HOME/backgrounder or ~/.local/share/backgrounder).")
    var dataDir: String?

    @Option(help: "Why the app is launched: \(LaunchReason.allCases.map(\.rawValue).joined(separator: ", ")). All but user launch it into the background.")
    var launchReason: LaunchReason = .user

    @Option(help: "The user's answer when the app asks for location authorization: always, whenInUse or denied.")
    var locationAuthorization: LocationAuthorization = .always
    @Option(help: "Where the Audio tab's sound goes: auto (the default audio device, or nowhere if there is none) or null (nowhere, at real-time pace).")
    var audioSink: AudioOutput = .automatic

    func validate() throws {
        guard PolicyProfile(iOS: iOSVersion) != nil else {
            throw ValidationError(
                "--ios \(iOSVersion): no policy profile for that version; choose \(PolicyProfile.supportedVersions.lowerBound) to \(PolicyProfile.supportedVersions.upperBound)")
        }
        guard (1...65_535).contains(port) else {
            throw ValidationError("--port \(port): not a TCP port (1 to 65535)")
        }
    }

    func run() async throws {
        let configuration = try makeConfiguration()
        let backgrounder = Backgrounder(configuration: configuration)
        let session = Session(backgrounder: backgrounder, quitsAtEndOfInput: headless)
        await session.run()
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
        return Configuration(
            profile: PolicyProfile(iOS: iOSVersion) ?? .default,
            infoPlist: plist,
            dataDirectory: dataDirectory,
            launchReason: launchReason,
            webPort: port,
            locationAuthorization: locationAuthorization,
            audioOutput: audioSink
        )
    }
}

extension LaunchReason: ExpressibleByArgument {}
extension LocationAuthorization: ExpressibleByArgument {}
extension AudioOutput: ExpressibleByArgument {}
