import BackgroundWire

/// The launch's MetricKit manager (`MXMetricManager`): subscribers get the daily payloads.
///
/// The system makes a payload of each day the device ran, and delivers the ones not delivered
/// yet when the app runs — at most once a day ("The system delivers metric reports about the
/// previous 24 hours to a registered app at most once per day", MetricKit). `metrickit deliver`
/// makes one now, as Xcode's Debug ▸ Simulate MetricKit Payloads does.
@AppMain
public final class MetricManager {
    private var subscribers: [ObjectIdentifier: Weak] = [:]
    /// The payloads delivered to this launch, oldest first.
    public private(set) var pastPayloads: [MetricPayload] = []

    private struct Weak {
        weak var subscriber: (any MetricManagerSubscriber)?
    }

    init() {}

    /// Adds `subscriber`; it is held weakly, as MetricKit holds it.
    public func add(_ subscriber: any MetricManagerSubscriber) {
        subscribers[ObjectIdentifier(subscriber)] = Weak(subscriber: subscriber)
    }

    /// Removes `subscriber`.
    public func remove(_ subscriber: any MetricManagerSubscriber) {
        subscribers[ObjectIdentifier(subscriber)] = nil
    }

    /// The system delivers `payloads`.
    func receive(_ payloads: [MetricPayload]) {
        pastPayloads.append(contentsOf: payloads)
        for entry in subscribers.values {
            entry.subscriber?.didReceive(payloads)
        }
    }
}
