import BackgroundRuntime

/// Receives MetricKit's daily payloads (`MXMetricManagerSubscriber`). It is the runtime's
/// ``BackgroundRuntime/MetricManagerSubscriber``, whose payloads reach
/// ``didReceive(_:)-(MXMetricPayload)`` in MetricKit's class.
///
/// Backgrounder delivers on the app's main executor, where Apple's framework uses a queue of
/// its own; it makes no diagnostic payloads (`MXDiagnosticPayload`: crash and hang reports).
@preconcurrency @AppMain
public protocol MXMetricManagerSubscriber: MetricManagerSubscriber {
    /// The payloads of the days since the last delivery, oldest first.
    func didReceive(_ payloads: [MXMetricPayload])
}

extension MXMetricManagerSubscriber {
    /// Optional in MetricKit: does nothing.
    public func didReceive(_ payloads: [MXMetricPayload]) {}

    /// The runtime's delivery, in MetricKit's class.
    public func didReceive(_ payloads: [MetricPayload]) {
        didReceive(payloads.map(MXMetricPayload.init))
    }
}
