import BackgroundRuntime

/// A day's metrics (`MXMetricPayload`): the runtime's ``BackgroundRuntime/MetricPayload``,
/// read through the JSON it writes with MetricKit's keys and units, so that the class's
/// figures and `jsonRepresentation()` are the same numbers (whole seconds, bytes).
///
/// Backgrounder counts no location accuracy times, animation, disk or memory metrics here, and
/// one app version; its network bytes are all Wi-Fi downloads (see
/// ``BackgroundRuntime/MetricPayload/jsonRepresentation()``).
public final class MXMetricPayload: Sendable {
    /// The start of the period.
    public let timeStampBegin: Date
    /// The end of the period.
    public let timeStampEnd: Date
    /// Backgrounder's payloads are of one app version.
    public let includesMultipleApplicationVersions = false
    /// CPU time.
    public let cpuMetrics: MXCPUMetric?
    /// Time on screen and in the background.
    public let applicationTimeMetrics: MXAppRunTimeMetric?
    /// Bytes sent and received.
    public let networkTransferMetrics: MXNetworkTransferMetric?
    /// How launches ended; nil before iOS 14.
    public let applicationExitMetrics: MXAppExitMetric?
    /// The OS and device the payload comes from.
    public let metaData: MXMetaData?
    private let json: String

    init(_ payload: MetricPayload) {
        json = payload.jsonRepresentation()
        let dictionary = (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]) ?? [:]
        let section = { (key: String) in dictionary[key] as? [String: Any] }
        timeStampBegin = payload.timeStampBegin
        timeStampEnd = payload.timeStampEnd
        cpuMetrics = section("cpuMetrics").map(MXCPUMetric.init)
        applicationTimeMetrics = section("applicationTimeMetrics").map(MXAppRunTimeMetric.init)
        networkTransferMetrics = section("networkTransferMetrics").map(MXNetworkTransferMetric.init)
        applicationExitMetrics = section("applicationExitMetrics").map(MXAppExitMetric.init)
        metaData = section("metaData").map(MXMetaData.init)
    }

    /// The payload as MetricKit's JSON.
    public func jsonRepresentation() -> Data {
        Data(json.utf8)
    }

    /// The payload as a dictionary of MetricKit's keys.
    public func dictionaryRepresentation() -> [AnyHashable: Any] {
        (try? JSONSerialization.jsonObject(with: jsonRepresentation()) as? [String: Any]) ?? [:]
    }
}
