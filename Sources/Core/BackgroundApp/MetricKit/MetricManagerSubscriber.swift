import BackgroundWire

/// Receives the daily metric payloads (`MXMetricManagerSubscriber`).
@AppMain
public protocol MetricManagerSubscriber: AnyObject {
    /// The payloads of the days since the last delivery, oldest first.
    func didReceive(_ payloads: [MetricPayload])
}
