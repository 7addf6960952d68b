import BackgroundRuntime
import Foundation

/// The app a host runs: linked into the host's own binary, or a binary of its own (`AppEntry`).
enum HostedApp {
    /// The app's delegate, made at each launch by this binary: started again with `app-process`
    /// for the app's own process, or run in this process (`--isolation thread`).
    case linked(LaunchedApp)
    /// The app's own binary, which the host starts with `app-process`.
    case executable(URL)

    /// The binary the system starts for the app's own process.
    var executable: URL {
        switch self {
        case .linked: URL(fileURLWithPath: HostOptions.thisExecutable)
        case .executable(let url): url
        }
    }

    /// The app's binary as people name it.
    var name: String { executable.lastPathComponent }

    /// The delegate maker of an app linked into this binary, for the system's process, where
    /// each launch gets the launch environment `environment` returns then.
    func makeDelegate(
        environment: @escaping @Sendable () -> [String: String]
    ) -> (@AppMain @Sendable (Application) -> any ApplicationDelegate)? {
        guard case .linked(let make) = self else { return nil }
        return { application in make(application, environment()) }
    }
}
