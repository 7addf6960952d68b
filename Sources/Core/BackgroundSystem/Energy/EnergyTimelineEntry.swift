import BackgroundWire

/// A few seconds of the energy timeline the web UI charts.
public struct EnergyTimelineEntry: Sendable, Encodable, Equatable {
    /// The start of the stretch, in seconds since the device booted.
    public var time: Double
    /// The app's state at its end; nil when the app was not running.
    public var state: EnergyState?
    /// What the stretch cost.
    public var counters = EnergyCounters()

    /// The gauge's reading for the stretch.
    public var impact: EnergyImpact { EnergyImpact(counters) }

    private enum CodingKeys: String, CodingKey {
        case time, state, counters, cost, overhead, impact
    }

    /// With the stretch's cost, overhead and impact, so that a chart needs no model of its own.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(state, forKey: .state)
        try container.encode(counters, forKey: .counters)
        try container.encode(counters.cost, forKey: .cost)
        try container.encode(counters.overhead, forKey: .overhead)
        try container.encode(impact, forKey: .impact)
    }
}
