import BackgroundWire
import Dispatch

extension Application {
    /// Runs `block` on a concurrent queue and keeps the app from being suspended until it
    /// returns, like `ProcessInfo.performExpiringActivity(withReason:using:)` (iOS 8.2 and later):
    /// the way code that cannot reach `beginBackgroundTask` (an extension's, a framework's)
    /// asks for background time.
    ///
    /// The block is called with `false`, and a task assertion named `reason` is held until it
    /// returns. If the background time runs out first, the block is called again, with `true`,
    /// while the first call may still be running: stop the work then. When that second call
    /// returns the assertion is let go and the app may be suspended; no termination follows.
    /// When no background time can be had at all, the block is called once, with `true`.
    public func performExpiringActivity(
        withReason reason: String,
        using block: @escaping @Sendable (Bool) -> Void,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        let location = SourceLocation(fileID: fileID, line: line)
        guard profile.hasExpiringActivities else {
            system?.report(
                .unavailableAPI,
                "performExpiringActivity(withReason:using:) at \(location) does not exist in \(profile.name); "
                    + "it \(profile.history(of: .expiringActivities))")
            return
        }
        let activity = ExpiringActivity()
        let identifier = beginBackgroundTask(
            withName: reason,
            expirationHandler: { [weak self] in
                block(true)
                if let held = activity.take() { self?.endBackgroundTask(held, fileID: fileID, line: line) }
            },
            fileID: fileID, line: line)
        guard identifier != .invalid else {
            DispatchQueue.global().async { block(true) }
            return
        }
        activity.hold(identifier)
        let executor = self.executor
        DispatchQueue.global().async {
            block(false)
            Task(executorPreference: executor) { @AppMain [weak self] in
                if let held = activity.take() { self?.endBackgroundTask(held, fileID: fileID, line: line) }
            }
        }
    }
}
