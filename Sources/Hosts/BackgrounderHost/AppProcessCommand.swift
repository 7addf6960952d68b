import ArgumentParser
import BackgroundRuntime
import Foundation

/// `app-process`: the app's own process of `run --isolation process`, which the system starts
/// with its socket as standard input. Not for people to type.
struct AppProcessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-process", abstract: "The app's own process of `run --isolation process`.", shouldDisplay: false)

    @Option(name: .customLong("ios"))
    var iOSVersion = 10

    @Option var infoPlist: String?

    /// This binary, which the system starts again for the app's process.
    static var executable: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// The arguments that start it for a session of `options`.
    static func arguments(for options: HostOptions) -> [String] {
        ["app-process", "--ios", "\(options.iOSVersion)"] + (options.infoPlist.map { ["--info-plist", $0] } ?? [])
    }
}
