/// The accuracy an app asks for, like `desiredAccuracy` (`kCLLocationAccuracyBest`, …).
///
/// Core Location "does its best to achieve the requested accuracy; however, apps must be
/// prepared to use less accurate data" (Apple, `desiredAccuracy`): every valid fix is
/// delivered, however coarse. What the accuracy changes here is **how often the source is asked
/// for a fix** (``updateInterval``), which stands in for the battery: a coarser accuracy lets
/// the receiver rest between fixes (Backgrounder's model):
///
/// | accuracy | asks for | one fix every |
/// | --- | --- | --- |
/// | bestForNavigation | the best | 1 s |
/// | best | the best | 1 s |
/// | nearestTenMeters | 10 m | 2 s |
/// | hundredMeters | 100 m | 5 s |
/// | kilometer | 1 km | 15 s |
/// | threeKilometers | 3 km | 60 s |
public enum LocationAccuracy: String, Sendable, Codable, CaseIterable {
    case bestForNavigation
    case best
    case nearestTenMeters
    case hundredMeters
    case kilometer
    case threeKilometers

    /// The accuracy asked for, in meters (the value of Core Location's constant); nil for the best.
    public var meters: Double? {
        switch self {
        case .bestForNavigation, .best: nil
        case .nearestTenMeters: 10
        case .hundredMeters: 100
        case .kilometer: 1_000
        case .threeKilometers: 3_000
        }
    }

    /// How often the source is asked for a fix.
    public var updateInterval: Duration {
        switch self {
        case .bestForNavigation, .best: .seconds(1)
        case .nearestTenMeters: .seconds(2)
        case .hundredMeters: .seconds(5)
        case .kilometer: .seconds(15)
        case .threeKilometers: .seconds(60)
        }
    }

    /// Reads a name as the segment control or a command line spells it: `best`,
    /// `nearestTenMeters`, `nearest-ten-meters` (case does not matter).
    public init?(name: String) {
        let key = name.lowercased().replacingOccurrences(of: "-", with: "")
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = match
    }
}
