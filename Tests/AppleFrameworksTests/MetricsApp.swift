import BackgroundRuntime
import MetricKit

/// An app in MetricKit's spelling: it subscribes at launch and writes what each payload says.
final class MetricsApp: ApplicationDelegate, MXMetricManagerSubscriber {
    let log: AppLog

    init(log: AppLog) {
        self.log = log
    }

    func applicationDidFinishLaunching(_ application: Application) {
        MXMetricManager.shared.add(self)
    }

    func unsubscribe() {
        MXMetricManager.shared.remove(self)
    }

    func didReceive(_ payloads: [MXMetricPayload]) {
        for payload in payloads {
            let time = payload.applicationTimeMetrics
            let json = (try? JSONSerialization.jsonObject(with: payload.jsonRepresentation())) as? [String: Any]
            log.append(
                "cpu \(payload.cpuMetrics?.cumulativeCPUTime.converted(to: .seconds).value ?? -1) "
                    + "foreground \(time?.cumulativeForegroundTime.value ?? -1) background \(time?.cumulativeBackgroundTime.value ?? -1) "
                    + "period \(payload.timeStampEnd.timeIntervalSince(payload.timeStampBegin)) "
                    + "exits \(payload.applicationExitMetrics?.backgroundExitData.cumulativeNormalAppExitCount ?? -1) "
                    + "os \(payload.metaData?.osVersion ?? "?") json \(json?["cpuMetrics"] != nil)")
        }
    }
}
