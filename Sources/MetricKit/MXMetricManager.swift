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
    /// - precondition: the caller is the app's code on a device of iOS 13 or later (MetricKit
    ///   is new in iOS 13).
    public static var shared: MXMetricManager {
        let application = Application.current(for: "MXMetricManager.shared")
        guard application.profile.iOSVersion >= 13 else {
            preconditionFailure("MetricKit is available from iOS 13; this device runs iOS \(application.profile.iOSVersion)")
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
