import Foundation
import Synchronization

/// Reads from the kernel the usage of an app whose code runs in this process
/// (`--isolation thread`): the CPU time of each thread from `/proc/self/task/*/stat`, the
/// wake-ups of the app's threads from their `status` (`voluntary_ctxt_switches`), and the
/// system's as its process's less the app's.
///
/// A thread is the app's by what it runs: the app's main executor's thread, and the threads the
/// app's code starts, which carry that thread's name (`app-main`). Every other thread is the
/// system's — its timers, console, services, SwiftNIO's and GStreamer's threads, and Dispatch's
/// shared workers, which run the system's async code (a transfer, a file write) as much as the
/// app's: an app's own `DispatchQueue` work is not billed to it in this mode, so that no
/// service's work is ever taken for the app's.
public final class AppThreadsUsageSource: KernelUsageSource {
    private let roles = Mutex<(system: Set<Int32>, app: Set<Int32>)>(([], []))
    /// The name of the app's main executor's thread, which the threads its code starts inherit.
    private let appThreadName = Mutex(LiveDriver.appThreadName)

    /// A source for an app in this process; the calling thread is the system's.
    public init() {
        registerThread(getpid())
    }

    func registerSystemThread() {
        registerThread(ThreadUsage.currentThreadID)
    }

    func registerAppThread(named name: String) {
        let id = ThreadUsage.currentThreadID
        roles.withLock { _ = $0.app.insert(id) }
        appThreadName.withLock { $0 = name }
    }

    private func registerThread(_ id: Int32) {
        roles.withLock { _ = $0.system.insert(id) }
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
        let roles = roles.withLock { $0 }
        let appThreadName = appThreadName.withLock { $0 }
        let processWakeUps = ProcessUsage.ofThisProcess().wakeUps
        var sample = UsageSample()
        var appThreads: [ThreadUsage] = []
        for var thread in threads {
            if isApp(thread, roles: roles, appThreadName: appThreadName) {
                thread.wakeUps = ThreadUsage.wakeUps(ofThread: thread.id) ?? 0
                sample.appCPUSeconds += thread.cpuSeconds
                sample.wakeUps += thread.wakeUps
                appThreads.append(thread)
            } else {
                sample.systemCPUSeconds += thread.cpuSeconds
            }
        }
        // The process's count keeps the wake-ups of threads that have ended: they are counted
        // as the system's, which starts and ends most threads.
        sample.systemWakeUps = max(0, processWakeUps - sample.wakeUps)
        return (sample, appThreads)
    }

    /// Whether `thread` is the app's: the app's main executor's, or one the app's code started
    /// (it carries the main executor thread's name), unless the system registered it.
    private func isApp(_ thread: ThreadUsage, roles: (system: Set<Int32>, app: Set<Int32>), appThreadName: String) -> Bool {
        if roles.app.contains(thread.id) { return true }
        return !roles.system.contains(thread.id) && thread.name == appThreadName
    }
}
