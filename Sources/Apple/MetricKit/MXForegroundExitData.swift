/// The ends of launches on screen (`MXForegroundExitData`).
public final class MXForegroundExitData: Sendable {
    public let cumulativeNormalAppExitCount: Int
    public let cumulativeAbnormalExitCount: Int
    public let cumulativeAppWatchdogExitCount: Int
    public let cumulativeMemoryResourceLimitExitCount: Int

    init(_ counters: [String: Any]) {
        let count = { (key: String) in counters[key] as? Int ?? 0 }
        cumulativeNormalAppExitCount = count("cumulativeNormalAppExitCount")
        cumulativeAbnormalExitCount = count("cumulativeAbnormalExitCount")
        cumulativeAppWatchdogExitCount = count("cumulativeAppWatchdogExitCount")
        cumulativeMemoryResourceLimitExitCount = count("cumulativeMemoryResourceLimitExitCount")
    }
}
