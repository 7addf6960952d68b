import BackgroundCommands
import BackgroundRuntime
import BackgrounderHost

extension HostedAppParts {
    /// What TheBackgrounder brings to the host every app runs on: its tabs' commands beside
    /// every app's, its services' rules, its tabs' files for the web UI, the content server its
    /// Newsstand tab downloads from (when it runs one), `environment` as each launch's, and
    /// every service made at once, so that the tabs' commands act on them from the first line.
    static func theBackgrounder(
        contentServer: ContentServerTask?, environment: @escaping @Sendable () -> AppEnvironment
    ) -> HostedAppParts {
        HostedAppParts(
            commands: TheBackgrounderCommands.all, rules: .theBackgrounder,
            webResource: { host, path in host.theBackgroundersWebResource(path) },
            companions: contentServer.map { [$0] } ?? [], launchEnvironment: { environment().variables }, startingServices: .atOnce)
    }
}
