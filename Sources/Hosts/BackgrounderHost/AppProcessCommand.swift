import ArgumentParser
import BackgroundRuntime
import Foundation

/// `app-process`: the app's own process of `run --isolation process`, which the system starts
/// with its socket as standard input. Not for people to type.
struct AppProcessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: AppProcessArguments.command, abstract: "The app's own process of `run --isolation process`.", shouldDisplay: false)

    @Option(name: .customLong("ios"))
    var iOSVersion = 10

    @Option var infoPlist: String?

    @Option(name: .customLong("wire"))
    var wireVersion: Int?

    func validate() throws {
        if let mismatch = WireVersion.mismatch(hostSpeaks: wireVersion) { throw ValidationError(mismatch) }
    }
}
