import Dispatch
import Foundation
import Synchronization

/// The system's clock and timers, and the driver of the app's main executor.
///
/// Every deadline in the runtime — task budgets, grace periods, app timers, scheduled
/// fetches, keep-alive handlers — is a timer on this loop, measured as a `Duration` since the
/// device booted.
///
/// With ``Timing/live`` time is the continuous clock: a system thread fires timers when they
/// are due and an app thread runs the app's jobs. With ``Timing/manual`` time stands still
/// until ``advance(by:)`` moves it: timers fire in deadline order on the caller's thread, and
/// after each one the app's jobs run to completion, like NIO's `EmbeddedEventLoop`.
public final class SystemLoop: Sendable {
    public let timing: Timing

    private struct State {
        var timers = TimerQueue()
        var manualNow: Duration = .zero
        var isRunning = false
    }

    private let state = Mutex(State())
    private let start = ContinuousClock.now
    private let timersChanged = DispatchSemaphore(value: 0)
    private let executor = AppMainExecutor.shared

    public init(timing: Timing) {
        self.timing = timing
    }

    /// The time since the device booted.
    public var now: Duration {
        switch timing {
        case .live: ContinuousClock.now - start
        case .manual: state.withLock { $0.manualNow }
        }
    }

    /// Runs `job` on the system's side once `now` reaches `deadline`.
    @discardableResult
    public func schedule(at deadline: Duration, _ job: @escaping @Sendable () -> Void) -> SystemTimer {
        let (id, isEarliest) = state.withLock { state in
            let id = state.timers.insert(at: deadline, job)
            return (id, state.timers.nextDeadline == deadline)
        }
        if isEarliest { timersChanged.signal() }
        return SystemTimer(id: id, deadline: deadline)
    }

    /// Runs `job` on the system's side after `delay`.
    @discardableResult
    public func schedule(after delay: Duration, _ job: @escaping @Sendable () -> Void) -> SystemTimer {
        schedule(at: now + delay, job)
    }

    /// Cancels a timer that has not fired; cancelling twice, or after it fired, does nothing.
    public func cancel(_ timer: SystemTimer?) {
        guard let timer else { return }
        state.withLock { $0.timers.cancel(timer.id) }
    }

    /// The number of timers that have not fired yet.
    public var pendingTimers: Int { state.withLock { $0.timers.count } }

    // MARK: Manual timing

    /// Moves manual time forward by `duration`, firing every timer that falls due in order and
    /// running the app's jobs after each.
    public func advance(by duration: Duration) {
        precondition(timing == .manual, "advance(by:) drives manual time only")
        let target = state.withLock { $0.manualNow } + duration
        runUntilIdle()
        while let job = state.withLock({ state -> (@Sendable () -> Void)? in
            guard let due = state.timers.popDue(at: target) else { return nil }
            state.manualNow = due.deadline
            return due.job
        }) {
            job()
            runUntilIdle()
        }
        state.withLock { $0.manualNow = max($0.manualNow, target) }
        runUntilIdle()
    }

    /// Fires the timers due now and runs the app's queued jobs until nothing is left to do.
    /// With live timing this only runs app jobs if no app thread is running.
    public func runUntilIdle() {
        guard timing == .manual else { return }
        while true {
            var didWork = executor.drain() > 0
            let now = state.withLock { $0.manualNow }
            while let (_, job) = state.withLock({ $0.timers.popDue(at: now) }) {
                job()
                didWork = true
            }
            if !didWork { return }
        }
    }

    // MARK: Live timing

    /// Starts the system thread that fires timers and the app thread that runs the app's jobs.
    func startLiveThreads() {
        precondition(timing == .live, "manual timing has no threads")
        let alreadyRunning = state.withLock { state in
            defer { state.isRunning = true }
            return state.isRunning
        }
        guard !alreadyRunning else { return }
        let timerThread = Thread { [self] in runTimers() }
        timerThread.name = "backgrounder.system"
        timerThread.start()
        let appThread = Thread { [self] in
            executor.runJobs(until: { [self] in !state.withLock { $0.isRunning } })
        }
        appThread.name = "backgrounder.app-main"
        appThread.start()
    }

    /// Stops the live threads after the jobs they are running.
    func stopLiveThreads() {
        state.withLock { $0.isRunning = false }
        timersChanged.signal()
        executor.wakeRunner()
    }

    private func runTimers() {
        while state.withLock({ $0.isRunning }) {
            let now = self.now
            if let (_, job) = state.withLock({ $0.timers.popDue(at: now) }) {
                job()
                continue
            }
            if let next = state.withLock({ $0.timers.nextDeadline }) {
                // Sleep until the next deadline, a day at most: an idle device waiting for a
                // keep-alive ten minutes away must not wake in between (nor overflow on a far one).
                let wait = next - now
                let seconds = min(wait.components.seconds, 86_400)
                let nanoseconds = max(0, seconds * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000)
                _ = timersChanged.wait(timeout: .now() + .nanoseconds(Int(nanoseconds)))
            } else {
                timersChanged.wait()
            }
        }
    }
}
