import BackgroundWire

/// Notifications from outside the app.
extension Device {
    /// The notification center, the user's permission and answers.
    public var notificationCenter: DeviceNotificationCenter { DeviceNotificationCenter(device: self) }
}
