// MetricKit's names over Backgrounder's runtime: MXMetricManager.shared, subscribers and the
// daily payloads the device makes from its energy accounts. Foundation comes with it, as it
// does with Apple's framework.
@_exported import BackgrounderFoundation
