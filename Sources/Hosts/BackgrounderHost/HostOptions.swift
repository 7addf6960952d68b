import ArgumentParser
import BackgroundCommands
import BackgroundRuntime
import BackgroundWire
import BackgrounderWeb
import Foundation

/// The options of `run` that every hosted app has: the session's shape, the iOS era, the
/// Info.plist, the data directory, the launch, and where the web UI and remote console listen.
public struct HostOptions: ParsableArguments {
    /// `--headless`.
    @Flag(help: "No web UI: read commands from standard input and quit at its end.")
    public var headless = false

    /// `--port`.
    @Option(help: "The web UI's port on 127.0.0.1 (0 picks a free port; the console's `Web UI:` line names it). A port that is taken is an error naming this flag.")
    public var port = 8080

    /// `--ios`, as given.
    @Option(
        name: .customLong("ios"),
        help: "The iOS version whose rules apply: 6 (10-minute tasks), 10 (3 minutes), 17 (30 seconds); 4 to 26. Default: 10, or the app's MinimumOSVersion (its Info.plist) when that is later.")
    var requestedIOSVersion: Int?

    /// The iOS version whose rules apply (`--ios`): 10 unless given.
    public var iOSVersion: Int {
        get { requestedIOSVersion ?? 10 }
        set { requestedIOSVersion = newValue }
    }

    /// `--debugger-attached`.
    @Flag(help: "Run as from Xcode with its debugger attached: the app is never suspended and no watchdog kills it, as on a device under the debugger (what works this way may still fail in the field).")
    public var debuggerAttached = false

    /// `--info-plist`.
    @Option(help: "An Info.plist to use instead of the app's own, e.g. one without a background mode.")
    public var infoPlist: String?

    /// `--data-dir`.
    @OptionGroup public var data: DataDirectoryOptions

    /// `--launch-reason`.
    @Option(help: "Why the app is launched: \(LaunchReason.allCases.map(\.rawValue).joined(separator: ", ")). All but user launch it into the background.")
    public var launchReason: LaunchReason = .user

    /// `--notification-authorization`.
    @Option(help: "The user's answer when the app asks to send notifications: allow, deny, or ask (the permission alert waits for an answer: `notification authorize`, or the web UI's dialog).")
    public var notificationAuthorization: NotificationPermissionAnswer = .allow

    /// `--isolation`.
    @Option(help: "Where the app's code runs: process (the default: in a process of its own, frozen by the kernel — the cgroup v2 freezer, else SIGSTOP — as iOS suspends an app) or thread (in this process, on an executor the system parks).")
    public var isolation: IsolationMode = .process

    /// `--clock`.
    @Option(help: "Which time the system runs on: real, or virtual — script time, where the system's timers fire only when a script waits, so `wait 600` returns at once with the lines ten minutes print (GStreamer's playback, gpsd and sockets keep real time).")
    public var clock: ClockMode = .real

    /// `--memory-limit`.
    @Option(help: "With --isolation process: the megabytes the app's process may use, on screen or off, before the kernel ends it (exit memoryResourceLimit). The limit differs by device; 200 MB is WWDC 2020's figure for devices as old as the iPhone 6s.")
    public var memoryLimit = AppProcessConfiguration.defaultMemoryLimit >> 20

    /// `--console-listen`.
    @Option(help: "Where the remote console listens, HOST or HOST:PORT (default \(ListenAddress.remoteConsoleDefault), loopback only; HOST:0 picks a free port). Without --headless it always listens; with it, only when given. An address that is taken is one console line, and the app runs without it.")
    public var consoleListen: String?

    /// `--push-port` and the push gateway's other options.
    @OptionGroup public var push: PushOptions

    /// The defaults.
    public init() {}

    /// Refuses an era without a profile, a memory limit or port out of range, and a console address that is none.
    public func validate() throws {
        guard PolicyProfile(iOS: iOSVersion) != nil else {
            throw ValidationError(
                "--ios \(iOSVersion): no policy profile for that version; choose \(PolicyProfile.supportedVersions.lowerBound) to \(PolicyProfile.supportedVersions.upperBound)")
        }
        guard (1...1_048_576).contains(memoryLimit) else {
            throw ValidationError("--memory-limit \(memoryLimit): not a number of megabytes from 1 to 1048576")
        }
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port \(port): not a TCP port (1 to 65535, or 0 for a free one)")
        }
        _ = try consoleAddress()
    }

    /// These options for an app whose Info.plist names the oldest iOS it runs on
    /// (`MinimumOSVersion`): without `--ios`, that version when it is later than 10, as Xcode
    /// runs an app only on a simulator its deployment target allows; an `--ios` older than it is
    /// an error, as iOS refuses to install the app.
    public func resolved(for infoPlist: InfoPlist) throws -> HostOptions {
        guard let minimum = infoPlist.minimumOSVersion else { return self }
        var options = self
        guard let requested = requestedIOSVersion else {
            options.iOSVersion = max(iOSVersion, min(minimum, PolicyProfile.supportedVersions.upperBound))
            return options
        }
        guard requested >= minimum else {
            throw ValidationError(
                "--ios \(requested): \(infoPlist.bundleName) runs on iOS \(minimum) and later (MinimumOSVersion in \(infoPlist.source)); choose --ios \(minimum) or later")
        }
        return options
    }

    /// The policy profile of `--ios`.
    public var profile: PolicyProfile { PolicyProfile(iOS: iOSVersion) ?? .default }

    /// This binary, which starts again as the app's own process when the app is linked into it.
    public static var thisExecutable: String { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path }

    /// How the system starts the app's own process (`--isolation process`): `executable` (this
    /// binary by default) `app-process` with the era of `--ios` and the Info.plist of
    /// `--info-plist`, within `--memory-limit`.
    public func appProcess(executable: String = HostOptions.thisExecutable) -> AppProcessConfiguration {
        let arguments = AppProcessArguments(iOSVersion: iOSVersion, infoPlist: infoPlist).arguments
        return AppProcessConfiguration(executable: executable, arguments: arguments, memoryLimit: memoryLimit << 20)
    }

    /// Where the remote console listens; nil for none (headless without --console-listen).
    public func consoleAddress() throws -> ListenAddress? {
        guard let consoleListen else { return headless ? nil : .remoteConsoleDefault }
        do {
            return try ListenAddress(parsing: consoleListen, defaultPort: ListenAddress.remoteConsoleDefault.port)
        } catch {
            throw ValidationError("--console-listen \(error)")
        }
    }

    /// The Info.plist of `--info-plist`, or the app's own from `bundled`; the error names the
    /// flag and the file (`--info-plist /etc: a directory, not an Info.plist file`).
    public func loadInfoPlist(bundled: () throws -> InfoPlist) throws -> InfoPlist {
        do {
            return try infoPlist.map { try InfoPlist(contentsOf: $0) } ?? bundled()
        } catch {
            throw RuntimeFailure("\(infoPlist == nil ? "the app's Info.plist:" : "--info-plist") \(error)")
        }
    }
}

extension LaunchReason: ExpressibleByArgument {}
extension IsolationMode: ExpressibleByArgument {}
extension ClockMode: ExpressibleByArgument {}
extension NotificationPermissionAnswer: ExpressibleByArgument {}
