import BackgroundWire

/// When an event reaches the ``SystemStateMachine``: the device's time, and how many of the
/// app's jobs had started by then.
///
/// The machine reads no clock; the shell (``Device``) reads both values as it feeds the event,
/// and a test of the machine writes them by hand.
package struct Moment: Sendable, Equatable {
    /// The time since the device booted.
    let now: Duration
    /// The app executor's count of started jobs: two readings tell whether app code ran in
    /// between (the code-after-expiration rule).
    let appJobsStarted: Int

    package init(_ now: Duration, appJobsStarted: Int = 0) {
        self.now = now
        self.appJobsStarted = appJobsStarted
    }
}
