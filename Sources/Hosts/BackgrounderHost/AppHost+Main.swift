import ArgumentParser
@_exported import BackgroundCommands
@_exported import BackgroundRuntime
import Foundation

extension AppHost {
    /// Runs the executable's command line for the app `app` makes at each launch, with
    /// `infoPlist` as its own Info.plist: `run` (the default; `--headless`, `--ios N`,
    /// `--data-dir`, `--port`, …) with the web UI and the headless commands, `rules`,
    /// `console` and `pair` for the remote console, and `energy` for a finished run's launches.
    ///
    /// An app delegate marked `@main` calls it from its `main()` (UIKit's `UIApplicationDelegate`
    /// has one that does):
    ///
    /// ```swift
    /// @main
    /// @AppMain
    /// final class SyncApp: ApplicationDelegate {
    ///     @MainActor
    ///     static func main() async {
    ///         await AppHost.main(infoPlist: infoPlist) { SyncApp(application: $0) }
    ///     }
    ///     …
    /// }
    /// ```
    ///
    /// The data directory is `$XDG_DATA_HOME/NAME` (NAME the CFBundleName of `infoPlist`) unless
    /// `--data-dir` says otherwise. Bad arguments end the process with the error and the usage; a
    /// failure of the command, with the error (and a hint) alone.
    ///
    /// With `pushGateway` (`.apns`, from the BackgrounderPush product), `run --push-port N` also
    /// starts an APNs-compatible gateway on 127.0.0.1:N that delivers to the app, so the app's
    /// own server can push to it as it pushes through APNs. With `notificationServiceExtension`
    /// the app has a Notification Service Extension, which changes its `mutable-content` pushes
    /// before they show (``NotificationServiceExtension``). With `parts` the app brings its own
    /// commands, rules, web resources or companions (``HostedAppParts``).
    ///
    /// It runs on the main actor, as `main` does, so that it installs the global executor of
    /// Backgrounder's processes (`GlobalExecutorHooks`) before any task leaves the main thread.
    @MainActor
    public static func main(
        arguments: [String]? = nil,
        infoPlist: @escaping @Sendable () throws -> InfoPlist,
        pushGateway: HostedPushGateway? = nil,
        notificationServiceExtension: (@Sendable () -> any NotificationServiceExtension)? = nil,
        parts: HostedAppParts = HostedAppParts(),
        app: @escaping @AppMain @Sendable (Application) -> any ApplicationDelegate
    ) async {
        await main(
            arguments: arguments, infoPlist: infoPlist, pushGateway: pushGateway, serviceExtension: notificationServiceExtension,
            parts: parts, app: .linked { application, _ in app(application) })
    }

    /// Runs the command line `arguments` of the app binary at `appExecutable`, whose Info.plist
    /// `infoPlist` reads, as ``main(arguments:infoPlist:pushGateway:notificationServiceExtension:app:)``
    /// runs an app linked into this binary: `backgrounder host`, which an app's own binary
    /// (`AppEntry`) hands its command line to. The app runs in its own process only.
    @MainActor
    public static func main(
        arguments: [String], appExecutable: URL, pushGateway: HostedPushGateway?, infoPlist: @escaping @Sendable () throws -> InfoPlist
    ) async {
        await main(
            arguments: arguments, infoPlist: infoPlist, pushGateway: pushGateway, serviceExtension: nil, parts: HostedAppParts(),
            app: .executable(appExecutable))
    }

    @MainActor
    private static func main(
        arguments: [String]?, infoPlist: @escaping @Sendable () throws -> InfoPlist, pushGateway: HostedPushGateway?,
        serviceExtension notificationServiceExtension: (@Sendable () -> any NotificationServiceExtension)?, parts: HostedAppParts,
        app: HostedApp
    ) async {
        GlobalExecutorHooks.install()
        var command = HostedAppCommand.parseOrExit(arguments)
        do {
            switch command {
            case let run as HostedRunCommand:
                try await host(
                    run.options, services: run.services, infoPlist: infoPlist, pushGateway: pushGateway,
                    serviceExtension: notificationServiceExtension, parts: parts, app: app)
            case let rules as HostedRulesCommand:
                rules.options.print(parts.rules)
            case let console as ConsoleCommand:
                try await console.run(appName: try infoPlist().bundleName)
            case let pair as PairCommand:
                try pair.run(appName: try infoPlist().bundleName)
            case let energy as EnergyCommand:
                try energy.run(appName: try infoPlist().bundleName)
            case let child as AppProcessCommand:
                guard case .linked(let app) = app else {
                    throw RuntimeFailure("app-process: the app's process is its own binary's, \(app.name)")
                }
                try await child.run(infoPlist: infoPlist, app: app)
            case is ServiceExtensionProcessCommand:
                guard let notificationServiceExtension else {
                    throw RuntimeFailure("\(HostedAppCommand.executableName) has no Notification Service Extension")
                }
                await ServiceExtensionProcess.run(make: notificationServiceExtension)
            default:
                try command.run()
            }
        } catch {
            HostedAppCommand.exit(afterRunning: error)
        }
    }

    /// `run`: the app's session on the host, with its data in the directory named after its own
    /// Info.plist's CFBundleName unless `--data-dir` says otherwise.
    private static func host(
        _ options: HostOptions, services serviceOptions: ServiceOptions, infoPlist: () throws -> InfoPlist, pushGateway: HostedPushGateway?,
        serviceExtension: (@Sendable () -> any NotificationServiceExtension)?, parts: HostedAppParts, app: HostedApp
    ) async throws {
        let name = try infoPlist().bundleName
        let plist = try options.loadInfoPlist(bundled: infoPlist)
        let options = try options.resolved(for: plist)
        if case .executable(let executable) = app, options.isolation == .thread {
            throw RuntimeFailure(
                "--isolation thread: \(executable.lastPathComponent) is a binary of its own, which runs in its own process only",
                hint: "an app runs in the system's process when its binary is the host's: AppHost.main(infoPlist:app:)")
        }
        let dataDirectory = try options.data.prepared(named: name)
        let push = options.push
        if let port = push.pushPort, port.bindPort != nil, pushGateway == nil {
            throw RuntimeFailure(
                "--push-port \(port): \(HostedAppCommand.executableName) is built without the push gateway",
                hint: "its executable adds it with the BackgrounderPush product: AppHost.main(infoPlist: …, pushGateway: .apns) { … }")
        }
        let services: @Sendable (AppHost) async throws -> (@Sendable () async -> Void)? = { host in
            guard let pushGateway, let port = push.pushPort?.bindPort else { return nil }
            return try await pushGateway.start(push, port, host.device, dataDirectory)
        }
        let settings = try serviceOptions.settings()
        try await HostRun.run(options, tabs: nil, makeHost: { desktop, consoleOutput in
            var setup = DeviceSetup(
                profile: options.profile, infoPlist: plist, consoleOutput: consoleOutput,
                desktopNotifications: desktop, app: app.makeDelegate(environment: parts.launchEnvironment))
            setup.debuggerAttached = options.debuggerAttached
            setup.clock = options.clock
            setup.notificationServiceExtension = serviceExtension
            if options.isolation == .process {
                setup.appProcess = options.appProcess(executable: app.executable.path)
                // The extension runs apart from the app, as on iOS.
                setup.appProcess?.serviceExtensionArguments = ServiceExtensionProcessCommand.arguments
            }
            let host = AppHost(
                setup: setup, dataDirectory: dataDirectory, launchReason: options.launchReason, services: settings, parts: parts)
            host.device.notificationCenter.permissionAnswer = options.notificationAuthorization
            return host
        }, services: services)
    }
}
