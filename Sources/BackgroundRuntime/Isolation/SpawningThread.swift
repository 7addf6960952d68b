import Foundation
import Synchronization

/// The thread that starts the app's processes, as a task executor. The kernel's parent-death
/// signal, which ends an app process whose system has gone, follows the *thread* that started
/// the process — and the threads of Swift's shared pool come and go — so the processes are
/// started by tasks that prefer this executor, whose thread lives until ``stop()``.
final class SpawningThread: TaskExecutor, Sendable {
    private let jobs = Mutex<(queue: [UnownedJob], isStopped: Bool)>(([], false))
    private let jobArrived = DispatchSemaphore(value: 0)

    init() {
        Thread { [self] in
            ThreadName.set("app-spawner")
            while let job = nextJob() { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = jobs.withLock { jobs -> Bool in
            guard !jobs.isStopped else { return false }
            jobs.queue.append(job)
            return true
        }
        // Once the thread has stopped, what is left (the end of a wait for an exit) runs here.
        guard queued else { return job.runSynchronously(on: asUnownedTaskExecutor()) }
        jobArrived.signal()
    }

    /// Ends the thread after the jobs queued.
    func stop() {
        jobs.withLock { $0.isStopped = true }
        jobArrived.signal()
    }

    private func nextJob() -> UnownedJob? {
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
