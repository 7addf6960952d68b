@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation
import Synchronization
import Testing

@Suite("The app's main executor")
struct AppMainExecutorTests {
    /// What ran, in order, and whether each job ran on the main queue.
    private final class Ran: Sendable {
        let jobs = Mutex<[(name: String, onMainQueue: Bool)]>([])

        func record(_ name: String) {
            jobs.withLock { $0.append((name, MainQueue.isCurrent)) }
        }
    }

    @Test func aTimerThreadsPostRunsTheJobsBeforeItReturnsInOrderOnTheMainQueue() async {
        let executor = AppMainExecutor(runsAsJobsArrive: true)
        executor.thaw()
        let ran = Ran()
        let returned = await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
            Thread {
                executor.post { ran.record("posted") }
                executor.postAndRun { ran.record("timer") }
                // Back from postAndRun: the timer's job and every job queued before it have run.
                continuation.resume(returning: ran.jobs.withLock { $0.map(\.name) })
            }.start()
        }
        #expect(returned == ["posted", "timer"])
        #expect(ran.jobs.withLock { $0.allSatisfy(\.onMainQueue) }, "app code runs on the main queue")
    }

    @Test func aFrozenExecutorKeepsATimerThreadsJobUntilItThaws() async {
        let executor = AppMainExecutor(runsAsJobsArrive: true)
        let ran = Ran()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                executor.postAndRun { ran.record("timer") }
                continuation.resume()
            }.start()
        }
        #expect(ran.jobs.withLock { $0.isEmpty }, "nothing runs while the app is frozen")
        executor.thaw()
        await executor.waitUntilIdle()
        #expect(ran.jobs.withLock { $0.map(\.name) } == ["timer"])
    }

    /// The app's own process runs its wake-ended handler (it sends the console lines held) after
    /// every wake; reading it out of its Mutex once left it two reabstraction thunks deeper each
    /// time (swiftlang/swift#91348), so the Audio tab's hundred wakes a second made every next
    /// one dearer and the stack deeper, without bound.
    @Test func theHandlerRunAfterEachWakeIsNoDeeperAfterThousandsOfWakes() {
        let executor = AppMainExecutor(runsAsJobsArrive: false)
        executor.thaw()
        let depths = Mutex<[Int]>([])
        executor.afterEachWake { depths.withLock { $0.append(Thread.callStackReturnAddresses.count) } }
        for _ in 0..<2_000 {
            executor.post {}
            executor.drain()
        }
        let recorded = depths.withLock { $0 }
        #expect(recorded.count == 2_000, "the handler runs once a wake")
        // The thread the main queue runs a drain on varies by a frame or two; the thunks grew
        // the stack by two frames a wake, 4,000 by the last.
        let first = recorded.first ?? 0, deepest = recorded.max() ?? 0
        #expect(deepest <= first + 8, "called about as deep on every wake as on the first")
    }
}
