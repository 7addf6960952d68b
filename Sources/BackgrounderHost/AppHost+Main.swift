import ArgumentParser
@_exported import BackgroundCommands
@_exported import BackgroundRuntime
import Foundation

extension AppHost {
    /// Runs the executable's command line for the app `app` makes at each launch, with
    /// `infoPlist` as its own Info.plist: `run` (the default; `--headless`, `--ios N`,
    /// `--data-dir`, `--port`, …) with the web UI and the headless commands, and `rules`.
    ///
    /// ```swift
    /// @main
    /// enum SyncMain {
    ///     static func main() async {
    ///         await AppHost.main(infoPlist: SyncApp.infoPlist) { SyncApp(application: $0) }
    ///     }
    /// }
    /// ```
    ///
    /// The data directory is `$XDG_DATA_HOME/NAME` (NAME the Info.plist's CFBundleName) unless
    /// `--data-dir` says otherwise. Bad arguments end the process with the error and the usage.
    public static func main(
        arguments: [String]? = nil,
        infoPlist: @escaping @Sendable () throws -> InfoPlist,
        app: @escaping @AppMain @Sendable (Application) -> any ApplicationDelegate
    ) async {
        do {
            var command = try HostedAppCommand.parseAsRoot(arguments)
            guard let run = command as? HostedRunCommand else { return try command.run() }
            let options = run.options
            let plist = try options.loadInfoPlist(bundled: infoPlist)
            let dataDirectory = try options.preparedDataDirectory(named: plist.bundleName)
            try await HostRun.run(options, tabs: nil) { desktop in
                var setup = DeviceSetup(
                    profile: options.profile, infoPlist: plist, consoleOutput: Console.standardOutput,
                    desktopNotifications: desktop, app: app)
                setup.debuggerAttached = options.debuggerAttached
                let host = AppHost(setup: setup, dataDirectory: dataDirectory, launchReason: options.launchReason)
                host.device.notificationPermissionAnswer = options.notificationAuthorization
                return host
            }
        } catch {
            HostedAppCommand.exit(withError: error)
        }
    }
}
