import BackgroundRuntime

/// The app's handle on background tasks: the runtime's scheduler, with BackgroundTasks'
/// spellings in this module (``BGTaskScheduler/shared``…).
public typealias BGTaskScheduler = BackgroundRuntime.BGTaskScheduler
