@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation
import Synchronization
import Testing

/// The global executor of Backgrounder's processes: it runs every job, grows while its threads
/// are all blocked, shrinks back, runs a delayed job no sooner than asked, and wakes no thread
/// while idle — where libdispatch's global queues wake one once a second (issue 43).
@Suite("The thread pool that is the processes' global executor")
struct ThreadPoolExecutorTests {
    @Test func runsEveryJobOfManyTasks() async {
        let pool = ThreadPoolExecutor(baseThreadCount: 2)
        let sum = await withTaskGroup(of: Int.self) { group in
            for number in 1...2_000 { group.addTask(executorPreference: pool) { number } }
            return await group.reduce(0, +)
        }
        #expect(sum == 2_001_000)
        #expect(pool.threadCount == 2)
    }

    @Test(.timeLimit(.minutes(2))) func growsWhileEveryThreadIsBlockedAndShrinksBackWhenIdle() async {
        let pool = ThreadPoolExecutor(baseThreadCount: 1, maximumThreadCount: 8, idleThreadLifetime: .milliseconds(100))
        // Four jobs that each block until all four have started: one thread alone never ends them.
        let meeting = Meeting(of: 4)
        await withTaskGroup(of: Void.self) { group in
            for _ in 1...4 {
                group.addTask(executorPreference: pool) { meeting.arriveAndWait { pool.threadCount } }
            }
        }
        // All four ran at once, each on a thread of its own, and no more threads than the cap.
        #expect((4...8).contains(meeting.readingWhenAllHere ?? 0))
        while pool.threadCount > 1 { await Task.yield() }
        #expect(pool.threadCount == 1)
    }

    @Test func runsADelayedJobNoSoonerThanItsDelay() async {
        let pool = ThreadPoolExecutor()
        let delay = Duration.milliseconds(80)
        let start = ContinuousClock.now
        let ranAt = await Task(executorPreference: Delaying(to: pool, by: delay)) { ContinuousClock.now }.value
        #expect(ranAt - start >= delay)
    }

    @Test(.timeLimit(.minutes(2))) func anIdlePoolWakesNoneOfItsThreads() async throws {
        let pool = ThreadPoolExecutor(baseThreadCount: 2)
        // Every thread started: the supervisor, with a delayed job, and both workers, with two
        // jobs that wait for each other.
        _ = await Task(executorPreference: Delaying(to: pool, by: .milliseconds(1))) { 0 }.value
        let meeting = Meeting(of: 2)
        await withTaskGroup(of: Void.self) { group in
            for _ in 1...2 { group.addTask(executorPreference: pool) { meeting.arriveAndWait() } }
        }
        while try pool.threadIDs.count < 3 || !pool.isSettled || !pool.threadIDs.allSatisfy(isAsleep) { await Task.yield() }
        let before = pool.threadIDs.map { ThreadUsage.wakeUps(ofThread: $0) ?? -1 }.reduce(0, +)
        // The window in which a timer once a second would have woken one of them twice.
        try await Task.sleep(for: .milliseconds(2_500))
        #expect(pool.threadIDs.map { ThreadUsage.wakeUps(ofThread: $0) ?? -1 }.reduce(0, +) == before)
    }

    /// Whether thread `tid` of this process is blocked (state S in its stat).
    private func isAsleep(_ tid: Int32) throws -> Bool {
        let stat = try String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8)
        let afterName = try #require(stat.range(of: ") ", options: .backwards))
        return stat[afterName.upperBound...].first == "S"
    }

}

/// `count` threads that each block until all have arrived.
private final class Meeting: Sendable {
    private let arrived = Mutex(0)
    private let everyoneHere = DispatchSemaphore(value: 0)
    private let count: Int

    init(of count: Int) { self.count = count }

    /// What the last to arrive read before it let the others go.
    var readingWhenAllHere: Int? { reading.withLock { $0 } }
    private let reading = Mutex<Int?>(nil)

    /// Blocks until all have arrived; the last to arrive reads `whenAllHere` first.
    func arriveAndWait(whenAllHere: () -> Int = { 0 }) {
        let isLast = arrived.withLock { arrived in
            arrived += 1
            return arrived == count
        }
        if isLast {
            let value = whenAllHere()
            reading.withLock { $0 = value }
            for _ in 1..<count { everyoneHere.signal() }
        } else {
            everyoneHere.wait()
        }
    }
}

/// A task executor that hands each job to `pool` to run once `delay` has passed.
private final class Delaying: TaskExecutor {
    let pool: ThreadPoolExecutor
    let delay: Duration

    init(to pool: ThreadPoolExecutor, by delay: Duration) {
        self.pool = pool
        self.delay = delay
    }

    func enqueue(_ job: consuming ExecutorJob) {
        pool.enqueue(UnownedJob(job), afterNanoseconds: UInt64(delay.nanoseconds))
    }
}
