import BackgroundCommands
import BackgroundRuntime

/// What an app brings to the host besides its delegate: the commands its session understands,
/// the rules `rules` and the web UI list, the files its screens serve the web UI, what runs
/// beside it, its launch environment, and when the system's services start. TheBackgrounder brings its tabs' commands
/// and its content server; an app of one's own may bring a command of its own the same way:
///
/// ```swift
/// var parts = HostedAppParts()
/// parts.commands = CommandTable(CommandTable.common + [
///     Command("sync", help: "Ask the app to sync now.") { host, arguments throws(CommandError) in
///         try await host.tap("sync", for: arguments)
///     },
/// ])
/// await AppHost.main(infoPlist: infoPlist, parts: parts) { SyncApp(application: $0) }
/// ```
public struct HostedAppParts: Sendable {
    /// The commands of the session, in the order `help` lists them: every app's
    /// (``CommandTable/common``) unless the app adds its own.
    public var commands: CommandTable<AppHost>
    /// The rules `rules` and the web UI's Rules panel list: the runtime's unless the app's
    /// services add theirs.
    public var rules: RuleBook
    /// The file or text the web UI serves at `/api/PATH` for one of the app's screens; nil for
    /// a path the app serves nothing at.
    public var webResource: @Sendable (AppHost, String) -> WebResource?
    /// What runs beside the app, started before its launch and stopped after its end.
    public var companions: [any HostCompanion]
    /// The variables each launch of the app gets, read as it launches: the run's settings its
    /// screens need, as a scheme's Environment Variables in Xcode. In the app's own process they
    /// come as `app-process --environment JSON`. A ``LaunchedApp`` reads them (TheBackgrounder's);
    /// the `app` of `AppHost.main` takes the application alone, and has none.
    public var launchEnvironment: @Sendable () -> [String: String]
    /// When the system's services are made: when the app first calls each, unless the app's
    /// commands act on them from the first line (``SystemServices/Start/atOnce``).
    public var startingServices: SystemServices.Start

    public init(
        commands: CommandTable<AppHost> = CommandTable(CommandTable.common), rules: RuleBook = .runtime,
        webResource: @escaping @Sendable (AppHost, String) -> WebResource? = { _, _ in nil },
        companions: [any HostCompanion] = [], launchEnvironment: @escaping @Sendable () -> [String: String] = { [:] },
        startingServices: SystemServices.Start = .onFirstCall
    ) {
        self.commands = commands
        self.rules = rules
        self.webResource = webResource
        self.companions = companions
        self.launchEnvironment = launchEnvironment
        self.startingServices = startingServices
    }
}
