import BackgroundWire

/// `BGTaskScheduler`, the app's side.
extension Application {
    /// The app's ``TaskScheduler`` (`BGTaskScheduler.shared`); nil in eras before iOS 13,
    /// where `if #available(iOS 13, *)` would fail. Any thread may ask for it.
    public nonisolated var taskScheduler: TaskScheduler? {
        guard profile.hasBackgroundTaskScheduler else { return nil }
        return launchObject(TaskScheduler.self) { TaskScheduler(application: self) }
    }
}
