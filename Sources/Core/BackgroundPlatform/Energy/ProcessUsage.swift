import BackgroundWire
import Foundation

/// What the kernel counts for a process: the CPU time its threads used and how often they
/// went to sleep and woke again.
public struct ProcessUsage: Sendable, Equatable {
    /// User and system CPU time, in seconds.
    public var cpuSeconds: Double
    /// Voluntary context switches: each is a thread that waited and was woken.
    public var wakeUps: Int

    public init(cpuSeconds: Double = 0, wakeUps: Int = 0) {
        self.cpuSeconds = cpuSeconds
        self.wakeUps = wakeUps
    }

    /// The usage of the calling process so far (`getrusage(RUSAGE_SELF)`).
    public static func ofThisProcess() -> ProcessUsage {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
        return ProcessUsage(cpuSeconds: seconds, wakeUps: usage.ru_nvcsw)
    }
}
