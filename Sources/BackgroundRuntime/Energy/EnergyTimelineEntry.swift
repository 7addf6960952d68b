/// A few seconds of the energy timeline the web UI charts.
public struct EnergyTimelineEntry: Sendable, Codable, Equatable {
    /// The start of the stretch, in seconds since the device booted.
    public var time: Double
    /// The app's state at its end; nil when the app was not running.
    public var state: EnergyState?
    /// What the stretch cost.
    public var counters = EnergyCounters()

    /// The gauge's reading for the stretch.
    public var impact: EnergyImpact { EnergyImpact(counters) }
}
