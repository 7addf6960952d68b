import BackgroundRuntime

/// What makes an app's delegate at each launch, given the app and its launch environment
/// (``HostedAppParts/launchEnvironment``): in the system's process (`--isolation thread`), or
/// in the app's own (``AppProcessCommand``).
public typealias LaunchedApp = @AppMain @Sendable (Application, _ environment: [String: String]) -> any ApplicationDelegate
