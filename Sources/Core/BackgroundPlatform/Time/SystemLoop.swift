import BackgroundWire
import Synchronization

/// The system's clock and timers.
///
/// Every deadline in the runtime — task budgets, grace periods, app timers, scheduled
/// fetches, keep-alive handlers, the services' own timeouts — is a timer on this loop,
/// measured as a `Duration` since the device booted, so that a `TestDevice` covers it.
///
/// On a live `Device` time is the continuous clock and a system thread fires timers when
/// they are due. On a `TestDevice` time stands still until `TestDevice/advance(by:)`
/// moves it: timers fire in deadline order on the test's thread, like NIO's
/// `EmbeddedEventLoop`. A timer's job runs on the system's side, never on the app's executor.
public final class SystemLoop: Sendable {
    private let clock: any DeviceClock
    private let timers = Mutex(TimerQueue())
    /// Wakes the live timer thread when the earliest deadline changes.
    private let earliestChanged: (@Sendable () -> Void)?

    package init(clock: any DeviceClock, earliestChanged: (@Sendable () -> Void)? = nil) {
        self.clock = clock
        self.earliestChanged = earliestChanged
    }

    /// The time since the device booted.
    public var now: Duration { clock.now }

    /// Runs `job` on the system's side once `now` reaches `deadline`.
    @discardableResult
    public func schedule(at deadline: Duration, _ job: @escaping @Sendable () -> Void) -> SystemTimer {
        schedule(at: deadline, isKept: false, job)
    }

    /// Runs `job` on the system's side once `now` reaches `deadline`, and keeps it, unarmed, for
    /// ``rearm(_:at:)`` to run again: a job that runs again and again (a periodic observer's
    /// ticks) is made and stored once. It stays until it is cancelled.
    package func scheduleKept(at deadline: Duration, _ job: @escaping @Sendable () -> Void) -> SystemTimer {
        schedule(at: deadline, isKept: true, job)
    }

    /// Arms a timer of ``scheduleKept(at:_:)`` for `deadline` alone, whether it fired or not;
    /// nothing once it is cancelled.
    package func rearm(_ timer: SystemTimer, at deadline: Duration) {
        let isEarliest = timers.withLock { timers in
            timers.rearm(timer.id, at: deadline)
            return timers.nextDeadline == deadline
        }
        if isEarliest { earliestChanged?() }
    }

    /// Runs `job` on the system's side after `delay`.
    @discardableResult
    public func schedule(after delay: Duration, _ job: @escaping @Sendable () -> Void) -> SystemTimer {
        schedule(at: now + delay, job)
    }

    /// Cancels a timer that has not fired, or a kept one; cancelling twice, or a one-shot timer
    /// after it fired, does nothing.
    public func cancel(_ timer: SystemTimer?) {
        guard let timer else { return }
        timers.withLock { $0.cancel(timer.id) }
    }

    private func schedule(at deadline: Duration, isKept: Bool, _ job: @escaping @Sendable () -> Void) -> SystemTimer {
        let (id, isEarliest) = timers.withLock { timers in
            let id = timers.insert(at: deadline, isKept: isKept, job)
            return (id, timers.nextDeadline == deadline)
        }
        if isEarliest { earliestChanged?() }
        return SystemTimer(id: id, deadline: deadline)
    }

    /// The number of armed timers, which have not fired yet.
    public var pendingTimers: Int { timers.withLock { $0.count } }

    // MARK: For the drivers

    /// The deadline of the earliest timer.
    package var nextDeadline: Duration? { timers.withLock { $0.nextDeadline } }

    /// Removes and returns the earliest timer due at `time`.
    package func popDue(at time: Duration) -> (deadline: Duration, job: @Sendable () -> Void)? {
        timers.withLock { $0.popDue(at: time) }
    }
}
