import BackgroundWire

/// Background fetch from outside the app.
extension Device {
    /// The app's fetch interval, the system's schedule, and Simulate Background Fetch.
    public var backgroundFetch: DeviceBackgroundFetch { DeviceBackgroundFetch(device: self) }
}
