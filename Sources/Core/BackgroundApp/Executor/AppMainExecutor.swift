import BackgroundPlatform
import BackgroundWire
import CProcessControl
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
/// Its jobs always run on the process's main dispatch queue (`MainQueue`), so the app's code
/// is also the main actor's: `@MainActor` code it calls runs where it expects to, one job at a
/// time with the blocks the app gives `DispatchQueue.main`, as on an iOS app's main thread. A
/// live device's executor asks the main queue to run its jobs as they arrive; a `TestDevice`
/// runs them there when it is told to, from the thread that drives it.
public final class AppMainExecutor: SerialExecutor, TaskExecutor, Sendable {
    /// The executor whose app started the running task or closure.
    @TaskLocal package static var current: AppMainExecutor?

    /// The executor that runs a job on this thread now, if any.
    static var draining: AppMainExecutor? {
        pthread_getspecific(drainingKey).map { Unmanaged<AppMainExecutor>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The executor of the app code running now: the one draining on this thread (an isolated
    /// deinit runs without task-local values), else the one the running task was started by,
    /// else the one that owns the process's other threads: in the app's own process, that
    /// process's one; in a test process, the one of the device that holds the main queue
    /// (``MainActorHold``), whose app's code runs on the main queue and on the queues it starts
    /// (`DispatchQueue.global().async`), as all of an iOS app's process is its own.
    static var active: AppMainExecutor? { draining ?? current ?? ownerOfThreads }

    /// The executor whose app's code runs where no job of a device runs.
    private static var ownerOfThreads: AppMainExecutor? {
        ofAppProcess.withLock { $0 } ?? MainActorHold.process.holder
    }

    /// The executor of the app's own process (`--isolation process`), which holds one app: code
    /// on a thread the app started (an operation queue's, a detached thread) finds its app there,
    /// as code on any thread of an iOS app finds its process's. Nil in every other process,
    /// where devices each have their own and such a thread belongs to none.
    private static let ofAppProcess = Mutex<AppMainExecutor?>(nil)

    /// Makes `executor` the one of this process, the app's own: called once, by ``AppProcess``.
    static func adoptForAppProcess(_ executor: AppMainExecutor) {
        ofAppProcess.withLock { $0 = executor }
    }

    /// The thread-local slot of ``draining``.
    private static let drainingKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private enum Job {
        case task(UnownedJob)
        /// A closure; `isAppCode` false for the runtime's own bookkeeping, which
        /// ``jobsStarted`` does not count.
        case closure(@AppMain @Sendable () -> Void, isAppCode: Bool)

        var isAppCode: Bool {
            if case .closure(_, false) = self { false } else { true }
        }
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
    /// Whether the executor asks the main queue to run its jobs as they arrive (a live device's);
    /// a test device's runs them when the test says so.
    private let runsAsJobsArrive: Bool
    /// Whether a block that runs the jobs is queued on the main queue and has not started yet:
    /// jobs that arrive meanwhile need no other.
    private let isRunScheduled = Atomic<Bool>(false)
    /// The CPU time the jobs took, in nanoseconds of the threads that ran them, and how many
    /// times the main queue woke to run them: the app's accounts when its code runs in the
    /// system's process.
    private let cpuNanoseconds = Atomic<Int>(0)
    private let runs = Atomic<Int>(0)
    /// The name the threads that run the jobs carry while they do, so that a thread the app's
    /// code starts inherits it, as it inherits the main thread's on iOS; nil leaves names alone.
    private let threadName: String?
    /// The kernel's identifiers of the threads that have run jobs: their own time is not the
    /// app's, only what ``usage`` counts of it.
    private let runningThreads = Mutex<Set<Int32>>([])
    /// What runs once a wake of the main queue ran jobs (``afterEachWake(_:)``).
    private let wakeEnded = Mutex<ClosureBox<Void>?>(nil)

    /// - Parameters:
    ///   - runsAsJobsArrive: true to have the main queue run the jobs as they arrive (a live
    ///     device, the app's own process); false to run them only when ``drain()`` is called (a
    ///     test device).
    ///   - threadName: the name the threads carry while they run the jobs (the system's process
    ///     of a live device, whose accounts tell the app's threads by it); nil for none.
    package init(runsAsJobsArrive: Bool, threadName: String? = nil) {
        self.runsAsJobsArrive = runsAsJobsArrive
        self.threadName = threadName
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.queue.append(.task(job)) }
        jobArrived()
    }

    /// Queues `body` after every job already queued. `isAppCode` false marks the runtime's own
    /// bookkeeping (a barrier's answer), which ``jobsStarted`` does not count: it is not code
    /// of the app's that ran. Package-wide for the test helpers (`BackgroundRuntimeTesting`),
    /// whose code runs where the app's does in the test's process; the app's own code posts with
    /// ``Application/onMain(_:)``.
    package func post(isAppCode: Bool = true, _ body: @escaping @AppMain @Sendable () -> Void) {
        state.withLock { $0.queue.append(.closure(body, isAppCode: isAppCode)) }
        jobArrived()
    }

    /// Queues `body` like ``post(isAppCode:_:)``, then runs the jobs on the main queue from the
    /// calling thread, which waits for its turn there: libdispatch runs a block given to the main
    /// queue synchronously on the calling thread when no other block holds the queue, so a timer
    /// thread of the app's own process that finds the app idle runs the timer's job itself
    /// instead of waking another thread to run it — one wake-up a fire, not two. Only a thread
    /// that may wait for the app's code may call it.
    package func postAndRun(_ body: @escaping @AppMain @Sendable () -> Void) {
        state.withLock { $0.queue.append(.closure(body, isAppCode: true)) }
        guard runsAsJobsArrive else { return }
        MainQueue.queue.sync { _ = runAvailableJobs() }
    }

    /// Asks the main queue to run the jobs, unless it has already been asked and has not
    /// started yet, or nothing runs the jobs as they arrive.
    private func jobArrived() {
        guard runsAsJobsArrive, !isRunScheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        MainQueue.queue.async { [self] in
            isRunScheduled.store(false, ordering: .releasing)
            runAvailableJobs()
        }
    }

    /// Runs `body` each time the main queue has run jobs, before it sleeps again: the app's own
    /// process sends the console lines they held.
    package func afterEachWake(_ body: @escaping @Sendable () -> Void) {
        wakeEnded.withLock { $0 = ClosureBox(body) }
    }

    /// The CPU seconds the app's jobs took and the times the main queue woke to run them, kept
    /// by an executor whose threads carry a name (the app's code in the system's process).
    package var usage: (cpuSeconds: Double, wakeUps: Int) {
        (Double(cpuNanoseconds.load(ordering: .relaxed)) / 1e9, runs.load(ordering: .relaxed))
    }

    /// The threads that have run the jobs (``usage`` counts the app's share of their time).
    package var threadsThatRanJobs: Set<Int32> { runningThreads.withLock { $0 } }

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

    package func freeze() {
        let waiters = state.withLock { state in
            state.isFrozen = true
            return state.takeIdleWaiters()
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Lets the queued jobs run. Whoever runs them is woken only if there are some: a thaw for
    /// an event posts the event's job right after, and that post wakes it (one wake-up, not two).
    package func thaw() {
        let hasJobs = state.withLock { state in
            state.isFrozen = false
            return !state.queue.isEmpty
        }
        if hasJobs { jobArrived() }
    }

    /// Drops every queued closure, as a killed process loses its run loop. Queued Swift tasks
    /// cannot be destroyed without running; they stay queued and run after the next launch
    /// thaws the executor, as leftovers of the dead process. Everything the runtime itself
    /// delivers is a closure, so none of it reaches a later launch.
    package func discardPostedJobs() {
        state.withLock { state in
            state.queue.removeAll { if case .closure = $0 { true } else { false } }
        }
    }

    /// Runs queued jobs on the main queue, waiting for them, until the queue is empty or the
    /// executor is frozen: a test device's step. Returns the number of jobs run.
    ///
    /// With nothing to run it returns at once, without waiting its turn on the main queue that
    /// every device of the process shares: tests waiting on hundreds of devices at once step
    /// them far more often than they have jobs, and each wait for the main queue holds one of
    /// the cooperative pool's few threads.
    @discardableResult
    package func drain() -> Int {
        let hasRunnableJobs = state.withLock { !$0.isFrozen && !$0.queue.isEmpty }
        guard hasRunnableJobs else { return 0 }
        return MainQueue.sync { runAvailableJobs() }
    }

    /// Runs the jobs that can run now on the calling thread, the main queue's, then returns the
    /// number run.
    ///
    /// Only an executor whose threads carry a name — the app's in the system's process — keeps
    /// the accounts of ``usage``: elsewhere the app's process is its own account, and the two
    /// readings of the thread's CPU clock, each a system call, were a sixth of the CPU time of
    /// a 10 ms time observer's tick in the app's own process.
    @discardableResult
    private func runAvailableJobs() -> Int {
        var count = 0
        defer { if count > 0, let wakeEnded = wakeEnded.withLock({ $0 }) { wakeEnded() } }
        guard let threadName else {
            while runNextJob() { count += 1 }
            return count
        }
        let began = ThreadCPUClock.nanoseconds
        runningThreads.withLock { _ = $0.insert(ThreadUsage.currentThreadID) }
        var name = [CChar](repeating: 0, count: 16)
        backgrounder_thread_name(&name)
        backgrounder_set_thread_name(threadName)
        while runNextJob() { count += 1 }
        backgrounder_set_thread_name(name)
        if count > 0 {
            cpuNanoseconds.add(ThreadCPUClock.nanoseconds - began, ordering: .relaxed)
            runs.add(1, ordering: .relaxed)
        }
        return count
    }

    private func runNextJob() -> Bool {
        let next: Job? = state.withLock { state in
            let isNested = state.drainingThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            guard !state.isFrozen, !isNested, let job = state.queue.popFirst() else { return nil }
            if job.isAppCode { state.jobsStarted += 1 }
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
            case .closure(let body, _):
                AppMain.assumeIsolated { body() }
            }
        }
        return true
    }

    /// Passes on the thread that runs one of the executor's jobs — and on the main queue when the
    /// executor owns it (the app's own process; a test device that holds the main queue), since
    /// every one of its jobs runs there and nothing of another app does: there `@AppMain` and
    /// `@MainActor` are one thread, as on iOS.
    public func checkIsolated() {
        precondition(isIsolatingCurrentContext, "this code must run on the app's main executor (@AppMain)")
    }

    /// Whether the caller runs as this executor's code (``checkIsolated()``).
    var isIsolatingCurrentContext: Bool {
        let isDraining = state.withLock { state in
            state.drainingThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }
        return isDraining || (MainQueue.isCurrent && Self.ownerOfThreads === self)
    }
}
