import BackgroundWire

/// A request the system keeps until its trigger fires, with the timer that fires it.
struct PendingNotification: Sendable, Equatable {
    let request: NotificationRequest
    /// When it fires next, as device time.
    let fireTime: Duration
    let timer: SystemTimerToken
}
