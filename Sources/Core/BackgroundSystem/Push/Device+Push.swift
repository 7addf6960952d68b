import BackgroundWire

/// Pushes from outside the app.
extension Device {
    /// APNs's deliveries to the device, the app's tokens, the incoming-call screen.
    public var push: DevicePush { DevicePush(device: self) }
}
