import BackgroundWire

/// What `Application.applicationState` reports: the three states a running app can see
/// (it can never observe itself suspended or not running), like `UIApplication.State`.
public enum ApplicationState: String, Sendable, Codable {
    case active
    case inactive
    case background
}
