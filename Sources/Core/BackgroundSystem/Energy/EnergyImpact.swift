import BackgroundWire

/// The reading of Xcode's Energy Impact gauge: Low, High or Very High (Energy Efficiency Guide
/// for iOS Apps, “Measure Energy Impact with Xcode”).
///
/// The thresholds are Backgrounder's model — Apple names the levels, not the numbers: under
/// 0.2 energy units a second (a fifth of a core, or a coarse location fix now and then) is
/// Low, under 0.6 High, and more Very High.
public enum EnergyImpact: String, Sendable, Codable {
    case low = "Low"
    case high = "High"
    case veryHigh = "Very High"

    /// The level of `counters`, spent over their seconds.
    public init(_ counters: EnergyCounters) {
        let rate = counters.seconds > 0 ? (counters.cost + counters.overhead) / counters.seconds : 0
        self = rate < 0.2 ? .low : rate < 0.6 ? .high : .veryHigh
    }
}
