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
}
