import BackgroundApp
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Foundation
import Synchronization

/// Reads from the kernel the usage of an app whose code runs in this process
/// (`--isolation thread`): the CPU time of each thread from `/proc/self/task/*/stat`, the
/// wake-ups of the app's threads from their `status` (`voluntary_ctxt_switches`), and the
/// system's as its process's less the app's.
///
/// The app's main executor runs its jobs on the main dispatch queue, whose thread runs other
/// blocks too, so its share is the executor's own account: the CPU time of the threads while
/// they ran its jobs, and each time the main queue woke to run them. Besides it, a thread is the
/// app's when it carries the name `app-main` (`LiveDriver.appThreadName`), which the main
/// queue's thread carries while it runs the app's jobs, so that the threads the app's code starts
/// inherit it. Every other
/// thread is the system's — its timers, console, services, SwiftNIO's and GStreamer's threads,
/// and Dispatch's shared workers, which run the system's async code (a transfer, a file write)
/// as much as the app's: an app's own `DispatchQueue` work is not billed to it in this mode, so
/// that no service's work is ever taken for the app's.
public final class AppThreadsUsageSource: KernelUsageSource {
    private let systemThreads = Mutex<Set<Int32>>([])
    /// The app's main executor, whose jobs' CPU time and wake-ups are the app's; nil counts only
    /// the threads named `app-main`.
    private let executor: AppMainExecutor?

    /// A source for an app in this process whose main executor is `executor`; the calling
    /// thread is the system's.
    init(executor: AppMainExecutor?) {
        self.executor = executor
        registerThread(getpid())
    }

    /// A source that counts only the threads named `app-main` as the app's; the calling thread
    /// is the system's.
    public convenience init() {
        self.init(executor: nil)
    }

    package func registerSystemThread() {
        registerThread(ThreadUsage.currentThreadID)
    }

    private func registerThread(_ id: Int32) {
        systemThreads.withLock { _ = $0.insert(id) }
    }

    public func sample() -> UsageSample {
        sampleWithAppThreads().sample
    }

    public func appThreads() -> [ThreadUsage] {
        sampleWithAppThreads().appThreads
    }

    /// One look at `/proc/self/task` for both: the app's threads and the sums by owner.
    public func sampleWithAppThreads() -> (sample: UsageSample, appThreads: [ThreadUsage]) {
        let threads = ThreadUsage.threadsOfThisProcess()
        let systemThreads = systemThreads.withLock { $0 }
        let processWakeUps = ProcessUsage.ofThisProcess().wakeUps
        let executorUsage = executor?.usage ?? (cpuSeconds: 0, wakeUps: 0)
        let executorThreads = executor?.threadsThatRanJobs ?? []
        var sample = UsageSample(appCPUSeconds: executorUsage.cpuSeconds, wakeUps: executorUsage.wakeUps)
        var appThreads: [ThreadUsage] = []
        for var thread in threads {
            if !systemThreads.contains(thread.id) && !executorThreads.contains(thread.id) && thread.name == LiveDriver.appThreadName {
                thread.wakeUps = ThreadUsage.wakeUps(ofThread: thread.id) ?? 0
                sample.appCPUSeconds += thread.cpuSeconds
                sample.wakeUps += thread.wakeUps
                appThreads.append(thread)
            } else {
                sample.systemCPUSeconds += thread.cpuSeconds
            }
        }
        // The main queue's thread ran the app's jobs too: their time is the app's, not twice.
        sample.systemCPUSeconds = max(0, sample.systemCPUSeconds - executorUsage.cpuSeconds)
        // The process's count keeps the wake-ups of threads that have ended: they are counted
        // as the system's, which starts and ends most threads.
        sample.systemWakeUps = max(0, processWakeUps - sample.wakeUps)
        return (sample, appThreads)
    }
}
