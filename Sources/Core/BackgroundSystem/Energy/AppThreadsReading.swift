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
}
