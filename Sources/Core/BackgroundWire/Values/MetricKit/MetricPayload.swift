import Foundation

/// A day's metrics as MetricKit delivers them (`MXMetricPayload`): what the app used between
/// two dates, from the device's energy accounts, and how its launches ended.
public struct MetricPayload: Sendable, Equatable, Codable {
    /// The start of the period.
    public var timeStampBegin: Date
    /// The end of the period.
    public var timeStampEnd: Date
    /// What the app used in each state during the period.
    public var byState: [EnergyState: EnergyCounters]
    /// How launches ended during the period; nil before iOS 14, which added exit metrics.
    public var exits: AppExitCounts?
    /// The iOS version, e.g. "iOS 17".
    public var osVersion: String

    /// The payload as JSON with the keys of `MXMetricPayload.jsonRepresentation()`, measurements
    /// written as MetricKit writes them ("12 sec", "2048 B"). Backgrounder does not tell
    /// uploads from downloads, nor Wi-Fi from cellular: every byte is in
    /// `cumulativeWifiDownload`.
    public func jsonRepresentation() -> String {
        var total = EnergyCounters()
        for counters in byState.values { total.add(counters) }
        let seconds = { (value: Double) in "\(Int(value.rounded())) sec" }
        var location: [String: String] = [:]
        for (accuracy, time) in total.locationSeconds {
            let name = accuracy.prefix(1).uppercased() + accuracy.dropFirst()
            location["cumulative\(name)AccuracyTime"] = seconds(time)
        }
        var json: [String: Any] = [
            "timeStampBegin": UTCDateText.iso8601(timeStampBegin),
            "timeStampEnd": UTCDateText.iso8601(timeStampEnd),
            "metaData": ["osVersion": osVersion, "platformArchitecture": "backgrounder", "deviceType": "Backgrounder"],
            "applicationTimeMetrics": [
                "cumulativeForegroundTime": seconds(byState[.foreground]?.seconds ?? 0),
                "cumulativeBackgroundTime": seconds((byState[.background]?.seconds ?? 0) + (byState[.suspended]?.seconds ?? 0)),
                "cumulativeBackgroundAudioTime": seconds(byState[.background]?.audioSeconds ?? 0),
                "cumulativeBackgroundLocationTime": seconds(byState[.background]?.locationSeconds.values.reduce(0, +) ?? 0),
            ],
            "cpuMetrics": ["cumulativeCPUTime": seconds(total.cpuSeconds)],
            "networkTransferMetrics": [
                "cumulativeWifiDownload": "\(total.networkBytes) B", "cumulativeWifiUpload": "0 B",
                "cumulativeCellularDownload": "0 B", "cumulativeCellularUpload": "0 B",
            ],
            "locationActivityMetrics": location,
        ]
        if let exits {
            json["applicationExitMetrics"] = [
                "foregroundExitData": exits.metricKitCounters(onScreen: true),
                "backgroundExitData": exits.metricKitCounters(onScreen: false),
            ]
        }
        let data = (try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    package init(
        timeStampBegin: Date, timeStampEnd: Date, byState: [EnergyState: EnergyCounters], exits: AppExitCounts? = nil,
        osVersion: String
    ) {
        self.timeStampBegin = timeStampBegin
        self.timeStampEnd = timeStampEnd
        self.byState = byState
        self.exits = exits
        self.osVersion = osVersion
    }
}
