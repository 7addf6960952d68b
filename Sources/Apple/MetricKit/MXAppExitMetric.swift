/// How the period's launches ended (`MXAppExitMetric`, iOS 14): on screen and off screen.
public final class MXAppExitMetric: Sendable {
    public let foregroundExitData: MXForegroundExitData
    public let backgroundExitData: MXBackgroundExitData

    init(_ section: [String: Any]) {
        foregroundExitData = MXForegroundExitData(section["foregroundExitData"] as? [String: Any] ?? [:])
        backgroundExitData = MXBackgroundExitData(section["backgroundExitData"] as? [String: Any] ?? [:])
    }
}
