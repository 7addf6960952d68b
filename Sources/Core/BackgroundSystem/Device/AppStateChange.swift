import BackgroundWire

/// A change of the app's state, as the system's own services observe it.
public struct AppStateChange: Sendable, Equatable {
    public let from: AppState
    public let to: AppState
    /// When it happened, as time since the device booted.
    public let time: Duration
    /// How the launch ended, when the change ends one (to `notRunning`).
    public var exit: AppExitReason? = nil
    /// Whether the launch ended from the screen, as MetricKit counts it (`MXForegroundExitData`):
    /// on screen when its end began, as an app the user swipes away in the app switcher.
    public var endedOnScreen = false
}
