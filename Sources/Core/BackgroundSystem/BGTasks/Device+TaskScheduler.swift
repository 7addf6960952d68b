import BackgroundWire

/// `BGTaskScheduler` from outside the app.
extension Device {
    /// The pending requests and running tasks, Xcode's debugger commands for them, and the Live
    /// Activities of continued processing tasks.
    public var taskScheduler: DeviceTaskScheduler { DeviceTaskScheduler(device: self) }
}
