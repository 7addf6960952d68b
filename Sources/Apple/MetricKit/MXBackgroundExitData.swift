/// The ends of launches in the background or suspended (`MXBackgroundExitData`).
public final class MXBackgroundExitData: Sendable {
    public let cumulativeNormalAppExitCount: Int
    public let cumulativeAbnormalExitCount: Int
    public let cumulativeAppWatchdogExitCount: Int
    public let cumulativeCPUResourceLimitExitCount: Int
    public let cumulativeMemoryResourceLimitExitCount: Int
    public let cumulativeMemoryPressureExitCount: Int
    public let cumulativeSuspendedWithLockedFileExitCount: Int
    public let cumulativeBackgroundTaskAssertionTimeoutExitCount: Int

    init(_ counters: [String: Any]) {
        let count = { (key: String) in counters[key] as? Int ?? 0 }
        cumulativeNormalAppExitCount = count("cumulativeNormalAppExitCount")
        cumulativeAbnormalExitCount = count("cumulativeAbnormalExitCount")
        cumulativeAppWatchdogExitCount = count("cumulativeAppWatchdogExitCount")
        cumulativeCPUResourceLimitExitCount = count("cumulativeCPUResourceLimitExitCount")
        cumulativeMemoryResourceLimitExitCount = count("cumulativeMemoryResourceLimitExitCount")
        cumulativeMemoryPressureExitCount = count("cumulativeMemoryPressureExitCount")
        cumulativeSuspendedWithLockedFileExitCount = count("cumulativeSuspendedWithLockedFileExitCount")
        cumulativeBackgroundTaskAssertionTimeoutExitCount = count("cumulativeBackgroundTaskAssertionTimeoutExitCount")
    }
}
