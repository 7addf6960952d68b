import BackgroundWire

/// What a device keeps for its energy accounts (``DeviceEnergy``): the meter, and the checks
/// the meter's readings feed at each state change of the app.
struct EnergyAccounts: Sendable {
    /// What the app costs: CPU, wake-ups, network, location and audio, by launch and state.
    let meter: EnergyMeter
    /// The check of the background CPU limit, while the app runs in the background.
    let cpuLimit = CPULimitCheck()
    /// The MetricKit payloads not delivered to the app yet.
    let metricKit = MetricKitReports()
}
