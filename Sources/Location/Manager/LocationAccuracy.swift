/// The accuracy an app asks for, like `desiredAccuracy` (`kCLLocationAccuracyBest`, …).
///
/// Accuracy means two things here, as it does on a phone:
///
/// - **Which fixes are delivered.** A fix whose horizontal accuracy is worse than ``meters`` is
///   held back; `best` and `bestForNavigation` take every valid fix.
/// - **How often the source is asked for one** (``updateInterval``). This stands in for the
///   battery: a coarser accuracy lets the receiver rest between fixes. The mapping:
///
///   | accuracy | fixes delivered | one fix every |
///   | --- | --- | --- |
///   | bestForNavigation | every valid fix | 1 s |
///   | best | every valid fix | 1 s |
///   | nearestTenMeters | accuracy ≤ 10 m | 2 s |
///   | hundredMeters | accuracy ≤ 100 m | 5 s |
///   | kilometer | accuracy ≤ 1 km | 15 s |
///   | threeKilometers | accuracy ≤ 3 km | 60 s |
public enum LocationAccuracy: String, Sendable, Codable, CaseIterable {
    case bestForNavigation
    case best
    case nearestTenMeters
    case hundredMeters
    case kilometer
    case threeKilometers

    /// The worst horizontal accuracy delivered, in meters; nil takes every valid fix.
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
