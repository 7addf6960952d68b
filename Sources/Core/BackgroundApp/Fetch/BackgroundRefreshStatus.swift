import BackgroundWire

/// Whether the app can be refreshed in the background, as the user's settings allow
/// (`UIBackgroundRefreshStatus`).
public enum BackgroundRefreshStatus: String, Sendable, Codable {
    /// Background App Refresh is on.
    case available
    /// The user turned Background App Refresh off.
    case denied
    /// Background App Refresh is restricted, and the user cannot turn it on.
    case restricted
}
