import ArgumentParser
import BackgroundRuntime
import Foundation

/// `app-process`: the app's own process of `run --isolation process`, which the system starts
/// with its socket as standard input and the app's launch environment as JSON. Not for people
/// to type.
public struct AppProcessCommand: ParsableCommand, Sendable {
    public static let configuration = CommandConfiguration(
        commandName: AppProcessArguments.command, abstract: "The app's own process of `run --isolation process`.", shouldDisplay: false)

    @OptionGroup public var options: AppProcessOptions

    /// `--environment`: the app's launch environment (``HostedAppParts/launchEnvironment``) as
    /// a JSON object of strings.
    @Option(help: "The app's launch environment as a JSON object of strings.")
    var environment: String?

    public init() {}

    public func validate() throws {
        _ = try launchEnvironment()
    }

    /// The variables of `--environment`; none without it.
    public func launchEnvironment() throws -> [String: String] {
        guard let environment else { return [:] }
        guard let variables = try? JSONDecoder().decode([String: String].self, from: Data(environment.utf8)) else {
            throw ValidationError("--environment: not a JSON object of strings")
        }
        return variables
    }

    /// Runs the app `app` makes in this process, with its Info.plist `--info-plist` names or
    /// else `bundled`'s, and its launch environment. Returns never: the process ends with the
    /// socket.
    public func run(infoPlist bundled: () throws -> InfoPlist, app: @escaping LaunchedApp) async throws -> Never {
        let environment = try launchEnvironment()
        await AppProcess.run(infoPlist: try options.loadInfoPlist(bundled: bundled), profile: options.profile) { application in
            app(application, environment)
        }
    }
}
