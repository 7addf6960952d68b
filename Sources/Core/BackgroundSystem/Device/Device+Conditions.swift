import BackgroundWire

/// The device's power, network, screen lock, Low Power Mode, heat and Background App Refresh.
extension Device {
    /// The device's conditions: what they are now, and setting them.
    public var conditions: DeviceConditionControls { DeviceConditionControls(device: self) }
}
