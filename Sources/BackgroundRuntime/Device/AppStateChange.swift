/// A change of the app's state, as the system's own services observe it.
public struct AppStateChange: Sendable, Equatable {
    public let from: AppState
    public let to: AppState
    /// When it happened, as time since the device booted.
    public let time: Duration
    /// How the launch ended, when the change ends one (to `notRunning`).
    public var exit: AppExitReason? = nil
}
