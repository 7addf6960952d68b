import BackgroundWire

/// MetricKit's daily payloads, which `MetricKitReports` keeps until the app runs.
extension Device {
    /// Closes the period now and delivers its payload, as Xcode's Debug ▸ Simulate MetricKit
    /// Payloads does; the payload waits for the app if it is not running.
    public func simulateMetricPayload() throws(MetricKitError) {
        try energyAccounts.metricKit.simulatePayload(on: self)
        settle()
    }
}
