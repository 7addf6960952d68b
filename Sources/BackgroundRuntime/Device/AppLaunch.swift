/// One launch of the app: a process that lives until the app is terminated.
struct AppLaunch: Sendable {
    /// Counts launches; deliveries meant for an earlier launch are dropped.
    let number: Int
    let reason: LaunchReason
    /// The app's `Application`, once its launch job has run.
    var application: Application?
    /// The app's delegate, kept alive by the launch as UIApplicationMain keeps it.
    var delegate: (any ApplicationDelegate)?
}
