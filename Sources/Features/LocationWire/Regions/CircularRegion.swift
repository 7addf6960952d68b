/// A circle the app asks the system to watch, like `CLCircularRegion`: the app hears when the
/// device enters or leaves it, even while suspended or not running (``LocationManager/startMonitoring(for:)``).
public struct CircularRegion: Sendable, Hashable, Codable {
    /// The name the app gives it; a region with the same identifier replaces it.
    public var identifier: String
    /// The circle's center.
    public var center: Coordinate
    /// The circle's radius in meters.
    public var radius: Double
    /// Whether entering the circle is reported (true by default).
    public var notifyOnEntry: Bool
    /// Whether leaving the circle is reported (true by default).
    public var notifyOnExit: Bool

    public init(center: Coordinate, radius: Double, identifier: String, notifyOnEntry: Bool = true, notifyOnExit: Bool = true) {
        self.identifier = identifier
        self.center = center
        self.radius = radius
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }

    /// The most regions an app may monitor at a time (Apple, startMonitoring(for:)).
    package static let monitoringLimit = 20
    /// `maximumRegionMonitoringDistance`: a larger radius fails. The value is Backgrounder's
    /// model; Apple documents none.
    package static let maximumRadius = 400_000.0

    /// Whether `coordinate` lies inside the circle (`CLCircularRegion.contains(_:)`).
    public func contains(_ coordinate: Coordinate) -> Bool {
        center.distance(to: coordinate) <= radius
    }

    /// Why the system cannot monitor the region, if it cannot: a bad center or radius, or a
    /// radius past ``maximumRadius``.
    package var problem: String? {
        if identifier.isEmpty { return "a region needs an identifier" }
        if !center.isValid {
            return "the center of region \(identifier), \(center.latitude), \(center.longitude), is not a latitude from -90 to 90 and a longitude from -180 to 180"
        }
        guard radius.isFinite, radius > 0 else { return "the radius of region \(identifier), \(radius), is not a positive number of meters" }
        guard radius <= CircularRegion.maximumRadius else {
            return "the radius of region \(identifier), \(Int(radius)) m, is larger than maximumRegionMonitoringDistance (\(Int(CircularRegion.maximumRadius)) m)"
        }
        return nil
    }
}
