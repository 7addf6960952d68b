import BackgroundRuntime
import BackgrounderHost

extension Backgrounder {
    /// Runs TheBackgrounder's own code in this process, the app's process of `--isolation
    /// process`, which the system starts as `child` says, with its socket as standard input:
    /// only the app's launch environment, values, comes from the system; the app's screens reach
    /// its services by messages. Returns never: the process ends with the socket.
    public static func runAppProcess(_ child: AppProcessCommand) async throws -> Never {
        guard let environment = AppEnvironment(variables: try child.launchEnvironment()) else {
            throw RuntimeFailure("app-process: --environment is not TheBackgrounder's launch environment")
        }
        try await child.run(infoPlist: { try BundledResources.infoPlist() }) { application, _ in
            TheBackgrounderApp(application: application, environment: environment)
        }
    }
}
