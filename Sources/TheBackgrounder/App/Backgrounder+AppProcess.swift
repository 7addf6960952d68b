import BackgroundRuntime

extension Backgrounder {
    /// Runs TheBackgrounder's own code in this process, the app's process of `--isolation
    /// process`, which the system starts with its socket as standard input: only `environment`,
    /// values, comes from the system; the app's screens reach its services by messages. Returns
    /// never: the process ends with the socket.
    public static func runAppProcess(infoPlist: InfoPlist, profile: PolicyProfile, environment: AppEnvironment) async -> Never {
        await AppProcess.run(infoPlist: infoPlist, profile: profile) { application in
            TheBackgrounderApp(application: application, environment: environment)
        }
    }
}
