/// A scene's execution state, like `UIScene.ActivationState`.
public enum SceneActivationState: String, Sendable, Codable, CaseIterable {
    /// Not connected to the app: before it connects, and after it is disconnected.
    case unattached
    /// On screen, receiving events.
    case foregroundActive
    /// On screen, not receiving events: on its way to or from another state, or interrupted.
    case foregroundInactive
    /// Off screen: running in the background, or suspended.
    case background
}
