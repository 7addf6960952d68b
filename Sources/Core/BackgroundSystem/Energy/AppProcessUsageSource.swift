import BackgroundPlatform
import BackgroundWire
import Foundation
import Synchronization

/// Reads from the kernel the usage of an app in a process of its own (`--isolation process`,
/// the default): every thread of that process is the app's and every thread of this one the
/// system's — the kernel's word. The CPU time and wake-ups of each of the app's threads come
/// from `/proc/PID/task/*`, the system's from `getrusage` of this process (one system call).
///
/// Reading two files a thread costs the system a few hundred microseconds, and the energy
/// meter reads once the app is frozen and at every wake, on the path of the event that woke
/// the app (a suspension reads nothing: the freeze's reading counts what came before it).
/// Where the app's process lives in a cgroup of its own (the cgroup freezer's), the cgroup's
/// `cpu.stat` is read first: its `usage_usec` grows whenever any thread of the app
/// runs, so while it stands still — as it does for a frozen app — the threads' last reading
/// still holds, and a wake costs one small read. The link has the threads read once the kernel
/// has frozen the app (the energy meter's `appFrozen(at:ifStill:)`), when nothing waits.
public final class AppProcessUsageSource: KernelUsageSource {
    /// The app's process while it runs; nil while it does not.
    private let appProcess: @Sendable () -> Int32?
    /// The `cpu.stat` of the app's cgroup, if it has one of its own.
    private let cgroupCPUStat: String?
    /// Reads every thread of a process from `/proc`.
    private let threadsOfProcess: @Sendable (Int32) -> [ThreadUsage]
    /// The app's threads as last read, with the cgroup's CPU time then.
    private let lastReading = Mutex<AppThreadsReading?>(nil)
    private let readingsFromProc = Atomic(0)

    /// How many times the app's threads were read from `/proc` rather than taken from the last
    /// reading: for tests of when that reading holds.
    package var threadReadings: Int { readingsFromProc.load(ordering: .relaxed) }

    /// A source for the app in the process `appProcess` names while it runs, alone in the
    /// cgroup `cgroupDirectory` if one is given.
    public convenience init(appProcess: @escaping @Sendable () -> Int32?, cgroupDirectory: String? = nil) {
        self.init(appProcess: appProcess, cgroupDirectory: cgroupDirectory, threadsOfProcess: ThreadUsage.threads(ofProcess:))
    }

    /// A source whose threads of a process are what `threadsOfProcess` reads: for tests that
    /// hold a reading halfway.
    package init(
        appProcess: @escaping @Sendable () -> Int32?, cgroupDirectory: String?,
        threadsOfProcess: @escaping @Sendable (Int32) -> [ThreadUsage]
    ) {
        self.appProcess = appProcess
        cgroupCPUStat = cgroupDirectory.map { $0 + "/cpu.stat" }
        self.threadsOfProcess = threadsOfProcess
    }

    /// Nothing to note: every thread of this process is the system's.
    package func registerSystemThread() {}

    public func sample() -> UsageSample {
        sampleWithAppThreads().sample
    }

    public func appThreads() -> [ThreadUsage] {
        sampleWithAppThreads().appThreads
    }

    /// The app's process (none while the app does not run) against this one.
    public func sampleWithAppThreads() -> (sample: UsageSample, appThreads: [ThreadUsage]) {
        let system = ProcessUsage.ofThisProcess()
        var sample = UsageSample(systemCPUSeconds: system.cpuSeconds, systemWakeUps: system.wakeUps)
        let app = appProcess().map(readThreads(ofProcess:)) ?? []
        for thread in app {
            sample.appCPUSeconds += thread.cpuSeconds
            sample.wakeUps += thread.wakeUps
        }
        return (sample, app)
    }

    /// The threads of process `pid`: the last reading if the cgroup says none of them has run
    /// since, else read anew. Two readings may overlap — one asked for while the app still ran
    /// (a `status`'s), and the frozen app's, on the link's queue — and the one that began at
    /// the earlier CPU time must not replace the other: the wake would find the cgroup's time
    /// moved past it and read every thread again, on the path of the event that woke the app.
    private func readThreads(ofProcess pid: Int32) -> [ThreadUsage] {
        let cgroupMicroseconds = cgroupCPUStat.flatMap(Self.usageMicroseconds(inCPUStat:))
        if let cgroupMicroseconds,
            let last = lastReading.withLock({ $0 }),
            last.pid == pid, last.cgroupMicroseconds == cgroupMicroseconds
        {
            return last.threads
        }
        let threads = threadsOfProcess(pid)
        readingsFromProc.add(1, ordering: .relaxed)
        if let cgroupMicroseconds {
            let reading = AppThreadsReading(pid: pid, cgroupMicroseconds: cgroupMicroseconds, threads: threads)
            lastReading.withLock { last in
                if reading.supersedes(last) { last = reading }
            }
        }
        return threads
    }

    /// The `usage_usec` line of a cgroup's `cpu.stat`: the CPU time of every thread the cgroup
    /// has held, in microseconds; nil if it cannot be read.
    package static func usageMicroseconds(inCPUStat path: String) -> Int? {
        var reader = ProcFileReader()
        return reader.read(path).flatMap { ProcFileReader.number(after: "usage_usec ", atLineStartIn: $0) }
    }
}
