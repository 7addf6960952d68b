import ArgumentParser
import BackgrounderHost
import Foundation
import TheBackgrounder

/// `app-process`: TheBackgrounder's own process (`run --isolation process`, the default), which
/// the system starts with its socket as standard input and the app's environment — values only
/// — as JSON. Not for people to type.
struct AppProcessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: AppProcessArguments.command, abstract: "TheBackgrounder's own process of `run --isolation process`.",
        shouldDisplay: false)

    @OptionGroup var options: AppProcessOptions

    @Option(help: "The app's environment as JSON.")
    var environment: String

    func run() async throws {
        let plist = try options.loadInfoPlist { try BundledResources.infoPlist() }
        guard let environment = try? JSONDecoder().decode(AppEnvironment.self, from: Data(environment.utf8)) else {
            throw ValidationError("--environment: not the app's environment as JSON")
        }
        await Backgrounder.runAppProcess(infoPlist: plist, profile: options.profile, environment: environment)
    }

    /// How the system starts TheBackgrounder's own process for `host`: this binary again (the
    /// backgrounder appends the app's environment at each start).
    static func configuration(for host: HostOptions) -> AppProcessConfiguration {
        host.appProcess(executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path)
    }
}
