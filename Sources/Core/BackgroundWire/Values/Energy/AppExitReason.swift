/// Why a launch of the app ended, in the categories MetricKit counts
/// (`MXForegroundExitData`, `MXBackgroundExitData`; WWDC 2020, "Why is my app getting killed?").
public enum AppExitReason: String, Sendable, Codable, CaseIterable {
    /// The user swiped the app away, or the system ended it gracefully.
    case normal
    /// The app crashed: an uncaught exception or `abort()`.
    case abnormal
    /// The watchdog ended a launch or a transition that took too long (0x8badf00d).
    case appWatchdog
    /// The app used more CPU in the background than the system allows.
    case cpuResourceLimit
    /// The app used more memory than the system allows.
    case memoryResourceLimit
    /// The system reclaimed the app's memory for others (jetsam).
    case memoryPressure
    /// The app was suspended while it held a lock on a shared file (0xdead10cc).
    case suspendedWithLockedFile
    /// The app held a background task assertion beyond its time.
    case backgroundTaskAssertionTimeout

    /// The name of the counter MetricKit reports it in, e.g.
    /// `cumulativeBackgroundTaskAssertionTimeoutExitCount`.
    public var metricKitCounter: String {
        switch self {
        case .normal: "cumulativeNormalAppExitCount"
        case .abnormal: "cumulativeAbnormalExitCount"
        case .appWatchdog: "cumulativeAppWatchdogExitCount"
        case .cpuResourceLimit: "cumulativeCPUResourceLimitExitCount"
        case .memoryResourceLimit: "cumulativeMemoryResourceLimitExitCount"
        case .memoryPressure: "cumulativeMemoryPressureExitCount"
        case .suspendedWithLockedFile: "cumulativeSuspendedWithLockedFileExitCount"
        case .backgroundTaskAssertionTimeout: "cumulativeBackgroundTaskAssertionTimeoutExitCount"
        }
    }
}
