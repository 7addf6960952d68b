/// Reads from the kernel the usage of an app in a process of its own (`--isolation process`,
/// the default): every thread of that process is the app's and every thread of this one the
/// system's — the kernel's word. The CPU time and wake-ups of each of the app's threads come
/// from `/proc/PID/task/*`, the system's from this process's threads and `getrusage`.
public final class AppProcessUsageSource: KernelUsageSource {
    /// The app's process while it runs; nil while it does not.
    private let appProcess: @Sendable () -> Int32?

    /// A source for the app in the process `appProcess` names while it runs.
    public init(appProcess: @escaping @Sendable () -> Int32?) {
        self.appProcess = appProcess
    }

    /// Nothing to note: every thread of this process is the system's.
    func registerSystemThread() {}

    /// Nothing to note: the app's threads are those of its own process, whatever runs here.

    public func sample() -> UsageSample {
        sampleWithAppThreads().sample
    }

    public func appThreads() -> [ThreadUsage] {
        sampleWithAppThreads().appThreads
    }

    /// The app's process (none while the app does not run) against this one.
    public func sampleWithAppThreads() -> (sample: UsageSample, appThreads: [ThreadUsage]) {
        var sample = UsageSample(
            systemCPUSeconds: ThreadUsage.threadsOfThisProcess().reduce(0) { $0 + $1.cpuSeconds },
            systemWakeUps: ProcessUsage.ofThisProcess().wakeUps)
        let appThreads = appProcess().map(ThreadUsage.threads(ofProcess:)) ?? []
        for thread in appThreads {
            sample.appCPUSeconds += thread.cpuSeconds
            sample.wakeUps += thread.wakeUps
        }
        return (sample, appThreads)
    }
}
