import BackgroundWire

/// MetricKit, as the app uses it.
extension Application {
    /// The launch's metric manager, made on first use (`MXMetricManager.shared`).
    public var metricManager: MetricManager {
        if let manager = metricManagerStorage { return manager }
        let manager = MetricManager()
        metricManagerStorage = manager
        return manager
    }
}
