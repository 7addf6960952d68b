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

    @Option(name: .customLong("ios"))
    var iOSVersion = 10

    @Option var infoPlist: String?

    @Option(name: .customLong("wire"))
    var wireVersion: Int?

    @Option(help: "The app's environment as JSON.")
    var environment: String

    func validate() throws {
        if let mismatch = WireVersion.mismatch(hostSpeaks: wireVersion) { throw ValidationError(mismatch) }
    }

    func run() async throws {
        let plist = try infoPlist.map { try InfoPlist(contentsOf: $0) } ?? BundledResources.infoPlist()
        guard let environment = try? JSONDecoder().decode(AppEnvironment.self, from: Data(environment.utf8)) else {
            throw ValidationError("--environment: not the app's environment as JSON")
        }
        await Backgrounder.runAppProcess(
            infoPlist: plist, profile: PolicyProfile(iOS: iOSVersion) ?? .default, environment: environment)
    }

    /// How the system starts TheBackgrounder's own process for `host`: this binary again (the
    /// backgrounder appends the app's environment at each start).
    static func configuration(for host: HostOptions) -> AppProcessConfiguration {
        let arguments = AppProcessArguments(iOSVersion: host.iOSVersion, infoPlist: host.infoPlist).arguments
        return AppProcessConfiguration(
            executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path, arguments: arguments,
            memoryLimit: host.memoryLimit << 20)
    }
}
