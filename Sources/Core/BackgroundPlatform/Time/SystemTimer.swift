import BackgroundWire

/// A handle on a timer of the ``SystemLoop``, for cancelling it.
public struct SystemTimer: Hashable, Sendable {
    let id: Int
    /// When the timer fires, as time since the device booted.
    public let deadline: Duration
}
