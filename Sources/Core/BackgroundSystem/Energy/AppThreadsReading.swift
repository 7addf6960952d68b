import BackgroundPlatform
import BackgroundWire

/// The threads of the app's process as ``AppProcessUsageSource`` last read them, and its
/// cgroup's CPU time at that moment: while that time stands still, so do they.
struct AppThreadsReading: Sendable {
    /// The app's process then.
    let pid: Int32
    /// The cgroup's `usage_usec` then.
    let cgroupMicroseconds: Int
    /// Every thread of the process then.
    let threads: [ThreadUsage]

    /// Whether this reading replaces `last`: one of another process, or begun at a CPU time of
    /// the cgroup at least as late (the time only grows, so a reading that began earlier
    /// overlapped this one and knows less).
    func supersedes(_ last: AppThreadsReading?) -> Bool {
        guard let last, last.pid == pid else { return true }
        return cgroupMicroseconds >= last.cgroupMicroseconds
    }
}
