import DequeModule
import Foundation
import Synchronization

/// The app's main executor on one device: a serial queue of the app's jobs that the system can
/// freeze.
///
/// It holds two kinds of jobs in one first-in, first-out order: the Swift tasks isolated to
/// ``AppMain`` and the closures the system posts (lifecycle notifications, timer fires,
/// callbacks from services). While frozen it keeps accepting jobs and runs none of them.
///
/// It is also a task executor: async code the app starts with ``Application/task(_:)`` prefers
/// it, so that a continuation resumed by the app's own code resumes here directly instead of
/// through Swift's global executor — on a test device that makes async code deterministic too.
///
/// Who runs the jobs depends on the device: a live ``Device`` has a thread that runs them as
/// they arrive; a ``TestDevice`` runs them on the thread that drives it, when it is told to.
public final class AppMainExecutor: SerialExecutor, TaskExecutor, Sendable {
    /// The executor whose app started the running task or closure.
    @TaskLocal static var current: AppMainExecutor?

    /// The executor that runs a job on this thread now, if any.
    static var draining: AppMainExecutor? {
        pthread_getspecific(drainingKey).map { Unmanaged<AppMainExecutor>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The executor of the app code running now: the one draining on this thread (an isolated
    /// deinit runs without task-local values), else the one the running task was started by,
    /// else, in the app's own process, that process's one.
    static var active: AppMainExecutor? { draining ?? current ?? ofAppProcess.withLock { $0 } }

    /// The executor of the app's own process (`--isolation process`), which holds one app: code
    /// on a thread the app started (an operation queue's, a detached thread) finds its app there,
    /// as code on any thread of an iOS app finds its process's. Nil in every other process,
    /// where devices each have their own and such a thread belongs to none.
    private static let ofAppProcess = Mutex<AppMainExecutor?>(nil)

    /// Makes `executor` the one of this process, the app's own: called once, by ``AppProcess``.
    static func adoptForAppProcess(_ executor: AppMainExecutor) {
        ofAppProcess.withLock { $0 = executor }
    }

    /// Runs the jobs of this process's executor that can run now (``runAvailableJobs()``).
    static func runAppProcessJobs() {
        ofAppProcess.withLock { $0 }?.runAvailableJobs()
    }

    /// The thread-local slot of ``draining``.
    private static let drainingKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private enum Job {
        case task(UnownedJob)
        case closure(@AppMain @Sendable () -> Void)
    }

    private struct State {
        var queue: Deque<Job> = []
        var isFrozen = true
        var drainingThread: pthread_t?
        var jobsStarted = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        /// The application of the device's latest launch (``Application/current``).
        weak var launchedApplication: Application?

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
    /// Wakes the live device's app thread; nothing waits on it on a test device.
    private let jobArrived: (@Sendable () -> Void)?

    /// - Parameter jobArrived: called after a job is queued or the executor thaws, to wake
    ///   whoever runs the jobs.
    init(jobArrived: (@Sendable () -> Void)? = nil) {
        self.jobArrived = jobArrived
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.queue.append(.task(job)) }
        jobArrived?()
    }

    /// Queues `body` after every job already queued.
    func post(_ body: @escaping @AppMain @Sendable () -> Void) {
        state.withLock { $0.queue.append(.closure(body)) }
        jobArrived?()
    }

    /// Whether the app's code is frozen (the app is suspended or not running).
    public var isFrozen: Bool { state.withLock { $0.isFrozen } }

    /// The number of jobs started so far; the system compares two readings to learn whether
    /// app code ran in between.
    public var jobsStarted: Int { state.withLock { $0.jobsStarted } }

    /// The number of jobs waiting.
    public var pendingJobs: Int { state.withLock { $0.queue.count } }

    /// The application of this device's latest launch, while it lives: what `UIApplication.shared`
    /// answers in the app's code.
    var launchedApplication: Application? {
        get { state.withLock { $0.launchedApplication } }
        set { state.withLock { $0.launchedApplication = newValue } }
    }

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

    func freeze() {
        let waiters = state.withLock { state in
            state.isFrozen = true
            return state.takeIdleWaiters()
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Lets the queued jobs run. Whoever runs them is woken only if there are some: a thaw for
    /// an event posts the event's job right after, and that post wakes it (one wake-up, not two).
    func thaw() {
        let hasJobs = state.withLock { state in
            state.isFrozen = false
            return !state.queue.isEmpty
        }
        if hasJobs { jobArrived?() }
    }

    /// Drops every queued closure, as a killed process loses its run loop. Queued Swift tasks
    /// cannot be destroyed without running; they stay queued and run after the next launch
    /// thaws the executor, as leftovers of the dead process. Everything the runtime itself
    /// delivers is a closure, so none of it reaches a later launch.
    func discardPostedJobs() {
        state.withLock { state in
            state.queue.removeAll { if case .closure = $0 { true } else { false } }
        }
    }

    /// Runs queued jobs on the calling thread until the queue is empty or the executor is
    /// frozen. Returns the number of jobs run.
    @discardableResult
    func drain() -> Int {
        var count = 0
        while runNextJob() { count += 1 }
        return count
    }

    /// Runs jobs on the calling thread as they arrive, waiting on `wait` between them, until
    /// `shouldStop` answers true.
    /// Runs the jobs that can run now, then returns: the app's own process calls it on its main
    /// thread, through the main dispatch queue, each time a job arrives.
    func runAvailableJobs() {
        while runNextJob() {}
    }

    func runJobs(until shouldStop: @Sendable () -> Bool, wait: () -> Void) {
        while !shouldStop() {
            if !runNextJob() { wait() }
        }
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
        pthread_setspecific(Self.drainingKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.drainingKey, nil) }
        Self.$current.withValue(self) {
            switch next {
            case .task(let job):
                job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
            case .closure(let body):
                AppMain.assumeIsolated { body() }
            }
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
