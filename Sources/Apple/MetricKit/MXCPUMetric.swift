/// CPU time in a payload (`MXCPUMetric`).
public final class MXCPUMetric: Sendable {
    /// The app's CPU time over the period.
    public let cumulativeCPUTime: Measurement<UnitDuration>

    init(_ section: [String: Any]) {
        cumulativeCPUTime = MetricValue.duration(section, "cumulativeCPUTime")
    }
}
