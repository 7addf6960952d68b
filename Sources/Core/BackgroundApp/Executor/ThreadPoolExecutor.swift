import BackgroundPlatform
import BackgroundWire
import DequeModule
import Foundation
import HeapModule
import Synchronization

/// A task executor that runs jobs on a pool of threads which sleep without a timer while there
/// is nothing to run. Backgrounder's processes make one Swift's global executor
/// (``GlobalExecutorHooks``), so that an idle device is silent.
///
/// Swift's default global executor on Linux is a libdispatch root queue, and once its first
/// worker thread has run, libdispatch keeps a timer that wakes its manager thread every second
/// for the rest of the process's life, to ask whether the pool needs another thread
/// (swift-corelibs-libdispatch, src/event/workqueue.c, `_dispatch_workq_init_once`). This pool
/// asks the same question only while a job waits: when a job has waited ``starvationInterval``
/// with no job started meanwhile (every worker blocked or busy), it starts one more thread, up
/// to ``maximumThreadCount``. Threads beyond ``baseThreadCount`` end after
/// ``idleThreadLifetime`` without work.
///
/// Jobs run first in, first out, whatever their priority. A delayed job (`Task.sleep`) waits on
/// the supervisor thread (`task-pool-timer`), which sleeps until the earliest one is due.
public final class ThreadPoolExecutor: TaskExecutor, Sendable {
    /// The threads kept while idle.
    public let baseThreadCount: Int
    /// The most threads the pool starts, however long its jobs block.
    public let maximumThreadCount: Int
    /// How long a job may wait with no job starting before the pool adds a thread.
    public let starvationInterval: Duration
    /// How long a thread beyond ``baseThreadCount`` waits for work before it ends.
    public let idleThreadLifetime: Duration

    private let state = Mutex(State())
    private let supervisorWake = DispatchSemaphore(value: 0)

    /// A pool of `baseThreadCount` threads (started as jobs arrive), growing to at most
    /// `maximumThreadCount` while its jobs block.
    public init(
        baseThreadCount: Int = max(2, ProcessInfo.processInfo.activeProcessorCount),
        maximumThreadCount: Int = 64,
        starvationInterval: Duration = .milliseconds(50),
        idleThreadLifetime: Duration = .seconds(5)
    ) {
        precondition(baseThreadCount > 0 && maximumThreadCount >= baseThreadCount)
        self.baseThreadCount = baseThreadCount
        self.maximumThreadCount = maximumThreadCount
        self.starvationInterval = starvationInterval
        self.idleThreadLifetime = idleThreadLifetime
    }

    /// The threads the pool has now.
    public var threadCount: Int { state.withLock { $0.threadCount } }

    /// The kernel's IDs of the threads the pool has started, the supervisor's included, for
    /// reading what they cost in /proc.
    package var threadIDs: [Int32] { state.withLock { Array($0.threadIDs) } }

    /// Whether nothing is left to do until a job comes: no job waits, every worker is idle, the
    /// supervisor does not watch for starvation and no delayed job waits.
    package var isSettled: Bool {
        state.withLock { $0.jobs.isEmpty && $0.timers.isEmpty && !$0.isWatchingForStarvation && $0.idleWorkers.count == $0.threadCount }
    }

    /// Runs `job` on a thread of the pool (as a task executor: `Task(executorPreference:)`).
    public func enqueue(_ job: consuming ExecutorJob) {
        enqueue(UnownedJob(job))
    }

    /// Runs `job` on a thread of the pool.
    public func enqueue(_ job: UnownedJob) {
        let action = state.withLock { state in
            state.jobs.append(job)
            return state.assignWorker(baseThreadCount: baseThreadCount)
        }
        perform(action)
    }

    /// Runs `job` on a thread of the pool once `nanoseconds` have passed.
    public func enqueue(_ job: UnownedJob, afterNanoseconds nanoseconds: UInt64) {
        let now = DispatchTime.now().uptimeNanoseconds
        let deadline = now.addingReportingOverflow(nanoseconds).overflow ? UInt64.max : now + nanoseconds
        let action = state.withLock { state -> Action in
            state.timerSequence += 1
            state.timers.insert(DelayedJob(deadline: deadline, sequence: state.timerSequence, job: job))
            guard state.supervisorStarted else {
                state.supervisorStarted = true
                return .startSupervisor
            }
            return deadline < state.supervisorDeadline ? .wakeSupervisor : .none
        }
        perform(action)
    }

    private func perform(_ action: Action) {
        switch action {
        case .none:
            break
        case .wake(let worker):
            worker.wake.signal()
        case .startWorker(let isExtra):
            startThread(named: "task-pool") { [self] in work(isExtra: isExtra) }
        case .wakeSupervisor:
            supervisorWake.signal()
        case .startSupervisor:
            startThread(named: "task-pool-timer") { [self] in supervise() }
        }
    }

    private func startThread(named name: String, _ body: @escaping @Sendable () -> Void) {
        // Named from inside: Foundation's `Thread.name` does not reach the kernel on Linux.
        Thread { [self] in
            ThreadName.set(name)
            let id = ThreadUsage.currentThreadID
            state.withLock { _ = $0.threadIDs.insert(id) }
            body()
            state.withLock { _ = $0.threadIDs.remove(id) }
        }.start()
    }

    /// A worker's loop: the next job, else sleep until an enqueue hands it one; an extra worker
    /// ends after `idleThreadLifetime` without one.
    private func work(isExtra: Bool) {
        let worker = Worker()
        let executor = asUnownedTaskExecutor()
        while true {
            let job = state.withLock { state -> UnownedJob? in
                if let job = state.jobs.popFirst() {
                    state.jobsStarted &+= 1
                    return job
                }
                state.idleWorkers.append(worker)
                return nil
            }
            if let job {
                job.runSynchronously(on: executor)
                continue
            }
            guard isExtra else {
                worker.wake.wait()
                continue
            }
            if worker.wake.wait(timeout: .now() + .nanoseconds(Int(idleThreadLifetime.nanoseconds))) == .success { continue }
            let ends = state.withLock { state in
                guard let index = state.idleWorkers.firstIndex(where: { $0 === worker }) else { return false }
                state.idleWorkers.remove(at: index)
                state.threadCount -= 1
                return true
            }
            if ends { return }
            // An enqueue took it from the idle list as the wait timed out: its signal is coming.
            worker.wake.wait()
        }
    }

    /// The supervisor's loop: moves due delayed jobs to the queue, adds a thread when jobs wait
    /// and none starts, and sleeps until the next of those is due — without a timer when there
    /// is neither. It watches for starvation only once an enqueue found every thread busy.
    private func supervise() {
        var startedAtLastLook: UInt64?
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            let (actions, deadline) = state.withLock { state -> ([Action], UInt64) in
                var actions: [Action] = []
                while let first = state.timers.min, first.deadline <= now {
                    state.timers.removeMin()
                    state.jobs.append(first.job)
                    actions.append(state.assignWorker(baseThreadCount: baseThreadCount))
                }
                var deadline = state.timers.min?.deadline ?? .max
                if state.isWatchingForStarvation, !state.jobs.isEmpty, state.idleWorkers.isEmpty {
                    if startedAtLastLook == state.jobsStarted, state.threadCount < maximumThreadCount {
                        state.threadCount += 1
                        actions.append(.startWorker(isExtra: true))
                    }
                    startedAtLastLook = state.jobsStarted
                    deadline = min(deadline, now + UInt64(starvationInterval.nanoseconds))
                } else {
                    startedAtLastLook = nil
                    state.isWatchingForStarvation = false
                }
                state.supervisorDeadline = deadline
                return (actions, deadline)
            }
            actions.forEach(perform)
            if deadline == .max {
                supervisorWake.wait()
            } else {
                _ = supervisorWake.wait(timeout: DispatchTime(uptimeNanoseconds: deadline))
            }
        }
    }
}

extension ThreadPoolExecutor {
    /// What the pool does once it has let go of its lock.
    private enum Action {
        case none
        case wake(Worker)
        case startWorker(isExtra: Bool)
        case wakeSupervisor
        case startSupervisor
    }

    /// A worker thread's wake-up: signalled by whoever hands it work.
    private final class Worker: Sendable {
        let wake = DispatchSemaphore(value: 0)
    }

    /// A job waiting for its deadline, on `DispatchTime`'s uptime clock.
    private struct DelayedJob: Comparable, Sendable {
        let deadline: UInt64
        /// Keeps jobs with one deadline in the order they came.
        let sequence: UInt64
        let job: UnownedJob

        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence) }
        static func == (lhs: Self, rhs: Self) -> Bool { (lhs.deadline, lhs.sequence) == (rhs.deadline, rhs.sequence) }
    }

    private struct State: Sendable {
        var jobs: Deque<UnownedJob> = []
        var timers = Heap<DelayedJob>()
        var timerSequence: UInt64 = 0
        var idleWorkers: [Worker] = []
        var threadCount = 0
        var threadIDs: Set<Int32> = []
        var jobsStarted: UInt64 = 0
        var supervisorStarted = false
        /// When the supervisor wakes next on its own (`.max`: not until it is signalled).
        var supervisorDeadline = UInt64.max
        /// Whether the supervisor already looks at the queue every `starvationInterval`.
        var isWatchingForStarvation = false

        /// Who runs the job just queued: an idle worker, a new one while the pool has fewer
        /// than `baseThreadCount`, else the supervisor watches for starvation.
        mutating func assignWorker(baseThreadCount: Int) -> Action {
            if let worker = idleWorkers.popLast() { return .wake(worker) }
            if threadCount < baseThreadCount {
                threadCount += 1
                return .startWorker(isExtra: false)
            }
            guard !isWatchingForStarvation else { return .none }
            isWatchingForStarvation = true
            guard supervisorStarted else {
                supervisorStarted = true
                return .startSupervisor
            }
            return .wakeSupervisor
        }
    }
}
