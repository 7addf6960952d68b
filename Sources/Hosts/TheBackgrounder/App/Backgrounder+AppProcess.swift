import BackgroundRuntime
import Foundation

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

extension AppProcessConfiguration {
    /// This configuration with the app's environment as it is when the process starts appended
    /// as `--environment JSON`, which ``Backgrounder/runAppProcess(infoPlist:profile:environment:)``'s
    /// command reads.
    func passing(_ environment: @escaping @Sendable () -> AppEnvironment) -> AppProcessConfiguration {
        var configuration = self
        let arguments = self.arguments
        configuration.arguments = {
            let json = String(decoding: (try? JSONEncoder().encode(environment())) ?? Data(), as: UTF8.self)
            return arguments() + ["--environment", json]
        }
        return configuration
    }
}
