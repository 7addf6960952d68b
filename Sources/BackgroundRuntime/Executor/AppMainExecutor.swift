import DequeModule
import Dispatch
import Foundation
import Synchronization

/// The app's main executor: a serial queue of the app's jobs that the system can freeze.
///
/// It holds two kinds of jobs in one first-in, first-out order: the Swift tasks isolated to
/// ``AppMain`` and the closures the system posts (lifecycle notifications, timer fires,
/// callbacks from services). While frozen it keeps accepting jobs and runs none of them.
///
/// It is also a task executor: async code the app starts with ``Application/task(_:)`` prefers
/// it, so that a continuation resumed by the app's own code resumes here directly instead of
/// through Swift's global executor — on a manual device that makes async code deterministic
/// too.
///
/// Who runs the jobs depends on the device's timing: with a live device a dedicated thread
/// drains the queue as jobs arrive; with a manual device the thread that drives the device
/// drains it (``drain()``), which makes every scenario deterministic.
public final class AppMainExecutor: SerialExecutor, TaskExecutor, Sendable {
    /// The one executor of the process; ``AppMain`` isolates to it.
    public static let shared = AppMainExecutor()

    private enum Job {
        case task(UnownedJob)
        case closure(@AppMain @Sendable () -> Void)
    }

    private struct State {
        var queue: Deque<Job> = []
        var isFrozen = false
        var drainingThread: pthread_t?
        var jobsStarted = 0
        /// The device that drives the executor now; calls from earlier devices are ignored.
        var owner = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []

        /// Whether no job runs and none can start: the queue is empty, or the app is frozen.
        var isIdle: Bool { isFrozen || (queue.isEmpty && drainingThread == nil) }

        /// Takes the waiters to resume if the executor is idle.
        mutating func takeIdleWaiters() -> [CheckedContinuation<Void, Never>] {
            guard isIdle, !idleWaiters.isEmpty else { return [] }
            defer { idleWaiters.removeAll() }
            return idleWaiters
        }
    }

    private let state = Mutex(State())
    private let jobArrived = DispatchSemaphore(value: 0)

    private init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.queue.append(.task(job)) }
        jobArrived.signal()
    }

    /// Makes the caller the executor's only driver: the app is frozen, the closures an earlier
    /// device posted are dropped, and that device's later calls are ignored. Returns the
    /// owner token the new device passes to the other calls.
    func claim() -> Int {
        state.withLock { state in
            state.owner += 1
            state.isFrozen = true
            state.queue.removeAll { if case .closure = $0 { true } else { false } }
            return state.owner
        }
    }

    /// Queues `body` after every job already queued, if `owner` still drives the executor.
    func post(by owner: Int, _ body: @escaping @AppMain @Sendable () -> Void) {
        let posted = state.withLock { state in
            guard state.owner == owner else { return false }
            state.queue.append(.closure(body))
            return true
        }
        if posted { jobArrived.signal() }
    }

    /// Whether the app's code is frozen (the app is suspended or not running).
    public var isFrozen: Bool { state.withLock { $0.isFrozen } }

    /// The number of jobs started since the process began; the system compares two readings to
    /// learn whether app code ran in between.
    public var jobsStarted: Int { state.withLock { $0.jobsStarted } }

    /// The number of jobs waiting.
    public var pendingJobs: Int { state.withLock { $0.queue.count } }

    /// Returns once the app has run every job queued so far, or is frozen — for a user's
    /// script to wait until the app has reacted to an action. It never makes the app wait.
    public func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isIdle = state.withLock { state in
                if state.isIdle { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
    }

    func freeze(by owner: Int) {
        let waiters = state.withLock { state in
            guard state.owner == owner else { return [CheckedContinuation<Void, Never>]() }
            state.isFrozen = true
            return state.takeIdleWaiters()
        }
        for waiter in waiters { waiter.resume() }
    }

    func thaw(by owner: Int) {
        state.withLock { state in
            if state.owner == owner { state.isFrozen = false }
        }
        jobArrived.signal()
    }

    /// Drops every queued closure, as a killed process loses its run loop. Queued Swift tasks
    /// cannot be destroyed without running; they stay queued and run after the next launch
    /// thaws the executor, as leftovers of the dead process. Everything the runtime itself
    /// delivers is a closure, so none of it reaches a later launch.
    func discardPostedJobs(by owner: Int) {
        state.withLock { state in
            guard state.owner == owner else { return }
            state.queue.removeAll { if case .closure = $0 { true } else { false } }
        }
    }

    /// Runs queued jobs on the calling thread until the queue is empty or the executor is
    /// frozen. Returns the number of jobs run. Used by manual devices.
    @discardableResult
    func drain() -> Int {
        var count = 0
        while runNextJob() { count += 1 }
        return count
    }

    /// Runs jobs on the calling thread as they arrive, until `shouldStop` answers true after a
    /// wake-up. Used by live devices on their app thread.
    func runJobs(until shouldStop: @Sendable () -> Bool) {
        while !shouldStop() {
            if !runNextJob() { jobArrived.wait() }
        }
    }

    /// Wakes a thread blocked in ``runJobs(until:)`` so that it re-checks its stop condition.
    func wakeRunner() {
        jobArrived.signal()
    }

    private func runNextJob() -> Bool {
        let next: Job? = state.withLock { state in
            let isNested = state.drainingThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            guard !state.isFrozen, !isNested, let job = state.queue.popFirst() else { return nil }
            state.jobsStarted += 1
            state.drainingThread = pthread_self()
            return job
        }
        guard let next else { return false }
        defer {
            let waiters = state.withLock { state in
                state.drainingThread = nil
                return state.takeIdleWaiters()
            }
            for waiter in waiters { waiter.resume() }
        }
        switch next {
        case .task(let job):
            job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        case .closure(let body):
            AppMain.assumeIsolated { body() }
        }
        return true
    }

    public func checkIsolated() {
        let isDraining = state.withLock { state in
            state.drainingThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }
        precondition(isDraining, "this code must run on the app's main executor (@AppMain)")
    }
}
