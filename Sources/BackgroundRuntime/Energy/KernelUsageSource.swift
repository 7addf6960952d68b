import Foundation
import Synchronization

/// Reads the app's usage from the kernel, for a live ``Device`` that runs the app in its own
/// process: the CPU time of each thread from `/proc/self/task/*/stat`, the wake-ups of the
/// app's threads from their `status` (`voluntary_ctxt_switches`), and the system's as the
/// process's (`getrusage`) less the app's.
///
/// In this process the system's services run beside the app, so it tells the app's threads
/// from the system's: the app's are its main executor's thread and every thread the system
/// did not start and name — threads a `DispatchQueue`, a detached task or a `Thread` of the
/// app run on. Backgrounder's own threads register themselves (``registerSystemThread()``);
/// threads named by a library the system uses (SwiftNIO's `NIO-…`, GStreamer's element
/// threads) count as the system's. Dispatch's shared worker threads run some of the system's
/// async code too, so that split is Backgrounder's approximation, not the kernel's word.
public final class KernelUsageSource: UsageSource {
    private let roles = Mutex<(system: Set<Int32>, app: Set<Int32>)>(([], []))
    private let processName: String
    /// The app's own process, with `--isolation process`: its threads are the app's and every
    /// thread here is the system's.
    private let appProcess: (@Sendable () -> Int32?)?

    /// A source for an app in this process, or — with `appProcess`, which names the app's
    /// process while it runs — for an app in a process of its own.
    public init(appProcess: (@Sendable () -> Int32?)? = nil) {
        self.appProcess = appProcess
        let name = (try? String(contentsOfFile: "/proc/self/comm", encoding: .utf8)) ?? ""
        processName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        registerThread(getpid())
    }

    /// Counts the calling thread as the system's.
    public func registerSystemThread() {
        registerThread(ThreadUsage.currentThreadID)
    }

    /// Counts the calling thread as the app's, whatever its name: the app's main executor's.
    public func registerAppThread() {
        let id = ThreadUsage.currentThreadID
        roles.withLock { _ = $0.app.insert(id) }
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
        let processWakeUps = ProcessUsage.ofThisProcess().wakeUps
        var sample = UsageSample()
        var appThreads: [ThreadUsage] = []
        for var thread in threads {
            if isApp(thread, roles: roles) {
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

    /// Whether `thread` is the app's: not registered by the system, and either unnamed (it
    /// carries the name of the process, or of the thread that started it — the app's main
    /// thread, `app-main`, for one the app's code started) or one of Dispatch's workers
    /// (`com.apple.root.…-qos`, which the kernel cuts to 15 bytes).
    private func isApp(_ thread: ThreadUsage, roles: (system: Set<Int32>, app: Set<Int32>)) -> Bool {
        if roles.app.contains(thread.id) { return true }
        guard !roles.system.contains(thread.id) else { return false }
        return thread.name == processName || thread.name == LiveDriver.appThreadName || thread.name.hasSuffix("-qos")
            || thread.name.hasSuffix("overcommit") || thread.name.hasPrefix("com.apple.")
    }
}
