import Foundation
import Synchronization

/// Reads the app's usage from the kernel for a live ``Device``: the CPU time of each thread
/// from `/proc/…/task/*/stat`, the wake-ups of the app's threads from their `status`
/// (`voluntary_ctxt_switches`), and the system's as its process's (`getrusage`) less the app's.
///
/// With the app in its own process (the default) every thread of that process is the app's and
/// every thread here the system's: the kernel's word. With the app in this process
/// (`--isolation thread`) a thread is the app's by what it runs: the app's main executor's
/// thread, and the threads the app's code starts, which carry that thread's name (`app-main`).
/// Every other thread is the system's — its timers, console, services, SwiftNIO's and
/// GStreamer's threads, and Dispatch's shared workers, which run the system's async code (a
/// transfer, a file write) as much as the app's: an app's own `DispatchQueue` work is not
/// billed to it in this mode, so that no service's work is ever taken for the app's.
public final class KernelUsageSource: UsageSource {
    private let roles = Mutex<(system: Set<Int32>, app: Set<Int32>)>(([], []))
    /// The name of the app's main executor's thread, which the threads its code starts inherit.
    private let appThreadName = Mutex(LiveDriver.appThreadName)
    /// The app's own process, with `--isolation process`: its threads are the app's and every
    /// thread here is the system's.
    private let appProcess: (@Sendable () -> Int32?)?

    /// A source for an app in this process, or — with `appProcess`, which names the app's
    /// process while it runs — for an app in a process of its own.
    public init(appProcess: (@Sendable () -> Int32?)? = nil) {
        self.appProcess = appProcess
        registerThread(getpid())
    }

    /// Counts the calling thread as the system's.
    func registerSystemThread() {
        registerThread(ThreadUsage.currentThreadID)
    }

    /// Counts the calling thread, the app's main executor's, as the app's, and the threads
    /// named `name` after it — those the app's code starts — too.
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
        if let appProcess { return sample(appProcess: appProcess()) }
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

    /// The app's process `pid` (none while the app does not run) against this one.
    private func sample(appProcess pid: Int32?) -> (sample: UsageSample, appThreads: [ThreadUsage]) {
        var sample = UsageSample(
            systemCPUSeconds: ThreadUsage.threadsOfThisProcess().reduce(0) { $0 + $1.cpuSeconds },
            systemWakeUps: ProcessUsage.ofThisProcess().wakeUps)
        let appThreads = pid.map(ThreadUsage.threads(ofProcess:)) ?? []
        for thread in appThreads {
            sample.appCPUSeconds += thread.cpuSeconds
            sample.wakeUps += thread.wakeUps
        }
        return (sample, appThreads)
    }

    /// Whether `thread` is the app's: the app's main executor's, or one the app's code started
    /// (it carries the main executor thread's name), unless the system registered it.
    private func isApp(_ thread: ThreadUsage, roles: (system: Set<Int32>, app: Set<Int32>), appThreadName: String) -> Bool {
        if roles.app.contains(thread.id) { return true }
        return !roles.system.contains(thread.id) && thread.name == appThreadName
    }
}
