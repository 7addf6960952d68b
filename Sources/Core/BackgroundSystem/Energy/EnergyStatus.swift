import BackgroundWire

/// The `energy` part of `status`: the gauge's reading and what the running launch has cost.
public struct EnergyStatus: Encodable, Sendable {
    /// The gauge over the last half minute: Low, High or Very High.
    public var impact: EnergyImpact
    /// Energy units a second of the app's own work over the last half minute.
    public var cost: Double
    /// Energy units a second of what the system powered for the app over the last half minute.
    public var overhead: Double
    /// The running launch's counts by state; nil when the app is not running.
    @ExplicitNull public var launch: LaunchEnergy?
    /// The launches that ended, oldest first (the last ten).
    public var endedLaunches: [LaunchEnergy]
    /// The ends of the launches so far, by reason, as MetricKit counts them.
    public var exits: AppExitCounts
    /// Everything counted since the device booted, by state (`foreground`, `background`,
    /// `suspended`).
    public var totals: [String: EnergyCounters]
    /// The stretch the gauge reads, in seconds.
    public static let gaugeSeconds = 30.0
}
