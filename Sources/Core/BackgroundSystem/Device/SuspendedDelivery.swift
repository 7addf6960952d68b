import BackgroundWire

/// What becomes of a service's callback posted while the app is suspended.
public enum SuspendedDelivery: Sendable, Equatable {
    /// It waits, and runs once the app is resumed: a player's last time reading.
    case hold
    /// It is dropped: a suspended app gets no such callbacks (location updates without the
    /// location mode).
    case drop
}
