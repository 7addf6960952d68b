import BackgroundWire

/// System alerts.
extension Device {
    /// The alerts on screen, and showing and removing them.
    public var alerts: DeviceAlerts { DeviceAlerts(device: self) }
}
