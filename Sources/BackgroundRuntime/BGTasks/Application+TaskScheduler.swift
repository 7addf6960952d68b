/// `BGTaskScheduler`, the app's side.
extension Application {
    /// The app's ``BGTaskScheduler`` (`BGTaskScheduler.shared`); nil in eras before iOS 13,
    /// where `if #available(iOS 13, *)` would fail.
    public var taskScheduler: BGTaskScheduler? {
        guard profile.hasBackgroundTaskScheduler else { return nil }
        if let taskSchedulerStorage { return taskSchedulerStorage }
        let scheduler = BGTaskScheduler(application: self)
        taskSchedulerStorage = scheduler
        return scheduler
    }
}
