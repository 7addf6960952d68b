import BackgroundWire

/// A pending request and the time the system chose for it.
struct PendingTask: Sendable, Equatable {
    var request: ScheduledTaskRequest
    /// When it may run, as device time; chosen once, at the first planning after submission.
    var runAt: Duration?
    /// Whether the console was told that it waits for the user to open the app.
    var isWaitingForUse = false
}
