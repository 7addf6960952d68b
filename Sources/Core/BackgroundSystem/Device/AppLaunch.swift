import BackgroundWire

/// One launch of the app: a process that lives until the app is terminated. The app's side
/// keeps its `Application` and delegate; the system knows the launch by its number.
package struct AppLaunch: Sendable, Equatable {
    /// Counts launches; deliveries meant for an earlier launch are dropped.
    package let number: Int
    let reason: LaunchReason
}
