import BackgroundWire
import Foundation

/// The entry point of an app's own binary, which links the app's side of the runtime only. The
/// system's side is Backgrounder's host, the `backgrounder` binary: run by a person, the app's
/// binary hands its command line to the host (`backgrounder host`), which runs the system —
/// the web UI, the headless commands, the services, the push gateway — and starts the binary
/// again, with `app-process`, for the app's own process.
///
/// UIKit's `main()` for an app delegate marked `@main` calls it:
///
/// ```swift
/// await AppEntry.main(module: "Sync") { SyncApp(application: $0) }
/// ```
public enum AppEntry {
    /// Runs the app `app` makes at each launch, whose Info.plist is among the resources of
    /// module `module` (`resources: [.copy("Resources")]` with `Resources/Info.plist`) unless the
    /// session's `--info-plist` names another.
    ///
    /// It runs on the main actor, as `main` does, so that it installs the global executor of
    /// Backgrounder's processes (`GlobalExecutorHooks`) before any task leaves the main thread.
    @MainActor
    public static func main(module: String, app: @escaping @AppMain @Sendable (Application) -> any ApplicationDelegate) async -> Never {
        GlobalExecutorHooks.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let name = CommandLine.arguments.first ?? module
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if arguments.first == AppProcessArguments.command {
            guard let process = AppProcessArguments(parsing: arguments) else {
                fail("\(name): \(arguments.joined(separator: " ")): not the arguments the host starts the app's process with")
            }
            if let mismatch = WireVersion.mismatch(hostSpeaks: process.wireVersion) {
                let host = URL(fileURLWithPath: "/proc/\(getppid())/exe").resolvingSymlinksInPath().path
                fail("\(name): \(mismatch) (the host: \(host)); build both from the same Backgrounder, "
                    + "the host with: \(HostExecutable.buildCommand(inCheckout: HostExecutable.checkout.path))")
            }
            let infoPlist: InfoPlist
            do {
                infoPlist = try process.infoPlist.map { path throws(InfoPlistError) in try InfoPlist(contentsOf: path) }
                    ?? InfoPlist.resource(ofModule: module, besideExecutable: executable)
            } catch {
                fail("\(name): \(error)")
            }
            await AppProcess.run(infoPlist: infoPlist, profile: PolicyProfile(iOS: process.iOSVersion) ?? .default, app: app)
        }
        switch HostExecutable.find(forApp: executable, environment: ProcessInfo.processInfo.environment) {
        case .success(let host):
            if let source = host.newerSource {
                // The host is still the best there is: the two may speak the same wire.
                let rebuild = HostExecutable.buildCommand(inCheckout: HostExecutable.checkout.path)
                FileHandle.standardError.write(Data((
                    "\(name): the host \(host.url.path) is older than \(source.path) of the checkout this app builds on; "
                        + "if the app fails to start, rebuild the host: \(rebuild)\n"
                ).utf8))
            }
            let why = host.exec(app: executable, module: module, name: name, arguments: arguments)
            fail("\(name): cannot start the host \(host.url.path): \(why)")
        case .failure(let notFound):
            fail("\(name): \(notFound)")
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        exit(1)
    }
}
