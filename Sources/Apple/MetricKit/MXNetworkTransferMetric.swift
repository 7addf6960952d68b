/// Bytes the app sent and received (`MXNetworkTransferMetric`). Backgrounder tells neither
/// uploads from downloads nor Wi-Fi from cellular: every byte is a Wi-Fi download.
public final class MXNetworkTransferMetric: Sendable {
    public let cumulativeWifiUpload: Measurement<UnitInformationStorage>
    public let cumulativeWifiDownload: Measurement<UnitInformationStorage>
    public let cumulativeCellularUpload: Measurement<UnitInformationStorage>
    public let cumulativeCellularDownload: Measurement<UnitInformationStorage>

    init(_ section: [String: Any]) {
        cumulativeWifiUpload = MetricValue.bytes(section, "cumulativeWifiUpload")
        cumulativeWifiDownload = MetricValue.bytes(section, "cumulativeWifiDownload")
        cumulativeCellularUpload = MetricValue.bytes(section, "cumulativeCellularUpload")
        cumulativeCellularDownload = MetricValue.bytes(section, "cumulativeCellularDownload")
    }
}
