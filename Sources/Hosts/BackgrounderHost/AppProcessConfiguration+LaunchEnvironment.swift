import BackgroundRuntime
import Foundation

extension AppProcessConfiguration {
    /// This configuration with the app's launch environment (``HostedAppParts/launchEnvironment``),
    /// as it is when the process starts, appended as `--environment JSON`, which
    /// ``AppProcessCommand`` reads; unchanged at a start where the environment is empty.
    func passing(_ environment: @escaping @Sendable () -> [String: String]) -> AppProcessConfiguration {
        var configuration = self
        let arguments = self.arguments
        configuration.arguments = {
            let variables = environment()
            guard !variables.isEmpty, let json = try? JSONEncoder().encode(variables) else { return arguments() }
            return arguments() + ["--environment", String(decoding: json, as: UTF8.self)]
        }
        return configuration
    }
}
