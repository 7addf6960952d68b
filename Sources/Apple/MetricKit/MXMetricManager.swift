import BackgroundRuntime

/// MetricKit's manager (`MXMetricManager`): subscribers added here get the daily payloads of
/// the runtime's ``BackgroundRuntime/MetricManager``, which decides when they come (once a day,
/// when the app runs; `metrickit deliver` or ``BackgroundRuntime/Device/simulateMetricPayload()``
/// at once). A view of the launch's manager: it keeps nothing of its own.
@preconcurrency @AppMain
public final class MXMetricManager {
    private let manager: MetricManager

    private init(manager: MetricManager) {
        self.manager = manager
    }

    /// The manager of the launch whose code runs now, as `MXMetricManager.shared` is the
    /// process's.
    ///
    /// Before iOS 13, where MetricKit does not exist, the use is reported (`[unavailable-api]`)
    /// and the manager never has a payload to deliver.
    ///
    /// - precondition: the caller is the app's code.
    public static var shared: MXMetricManager {
        let application = Application.current(for: "MXMetricManager.shared")
        if !application.profile.has(.metricKit) {
            application.report(
                .unavailableAPI,
                "MXMetricManager.shared does not exist in \(application.profile.name); \(application.profile.absence(of: .metricKit)), so no "
                    + "payload comes")
        }
        return MXMetricManager(manager: application.metricManager)
    }

    /// The payloads delivered to this launch so far, oldest first.
    public var pastPayloads: [MXMetricPayload] {
        manager.pastPayloads.map(MXMetricPayload.init)
    }

    /// Adds `subscriber`; like MetricKit, the manager holds it weakly.
    public func add(_ subscriber: any MXMetricManagerSubscriber) {
        manager.add(subscriber)
    }

    /// Removes `subscriber`.
    public func remove(_ subscriber: any MXMetricManagerSubscriber) {
        manager.remove(subscriber)
    }
}
