import Foundation
import Synchronization

/// The thread that starts the app's processes. The kernel's parent-death signal, which ends an
/// app process whose system has gone, follows the *thread* that started the process, so the
/// processes are started from this one, which lives until ``stop()``.
final class SpawningThread: Sendable {
    private let jobs = Mutex<(queue: [@Sendable () -> Void], isStopped: Bool)>(([], false))
    private let jobArrived = DispatchSemaphore(value: 0)

    init() {
        Thread { [self] in
            ThreadName.set("app-spawner")
            while let job = nextJob() { job() }
        }.start()
    }

    /// Runs `body` on the thread and returns its result; runs it here once the thread stopped.
    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<T?>(nil)
        let queued = jobs.withLock { jobs -> Bool in
            guard !jobs.isStopped else { return false }
            jobs.queue.append {
                result.withLock { $0 = body() }
                done.signal()
            }
            return true
        }
        guard queued else { return body() }
        jobArrived.signal()
        done.wait()
        return result.withLock { $0! }
    }

    /// Ends the thread after the jobs queued.
    func stop() {
        jobs.withLock { $0.isStopped = true }
        jobArrived.signal()
    }

    private func nextJob() -> (@Sendable () -> Void)? {
        while true {
            let (job, isStopped) = jobs.withLock { jobs in
                (jobs.queue.isEmpty ? nil : jobs.queue.removeFirst(), jobs.isStopped)
            }
            if let job { return job }
            if isStopped { return nil }
            jobArrived.wait()
        }
    }
}
