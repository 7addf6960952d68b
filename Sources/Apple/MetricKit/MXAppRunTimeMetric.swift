/// Time the app spent in each state (`MXAppRunTimeMetric`). Backgrounder counts time
/// suspended as time in the background, as MetricKit does.
public final class MXAppRunTimeMetric: Sendable {
    public let cumulativeForegroundTime: Measurement<UnitDuration>
    public let cumulativeBackgroundTime: Measurement<UnitDuration>
    public let cumulativeBackgroundAudioTime: Measurement<UnitDuration>
    public let cumulativeBackgroundLocationTime: Measurement<UnitDuration>

    init(_ section: [String: Any]) {
        cumulativeForegroundTime = MetricValue.duration(section, "cumulativeForegroundTime")
        cumulativeBackgroundTime = MetricValue.duration(section, "cumulativeBackgroundTime")
        cumulativeBackgroundAudioTime = MetricValue.duration(section, "cumulativeBackgroundAudioTime")
        cumulativeBackgroundLocationTime = MetricValue.duration(section, "cumulativeBackgroundLocationTime")
    }
}
