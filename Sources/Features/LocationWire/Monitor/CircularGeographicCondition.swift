/// A circle a ``LocationMonitor`` watches, like `CLMonitor.CircularGeographicCondition`: it is
/// satisfied while the device is inside.
public struct CircularGeographicCondition: Sendable, Hashable, Codable {
    public var center: Coordinate
    /// Meters.
    public var radius: Double

    public init(center: Coordinate, radius: Double) {
        self.center = center
        self.radius = radius
    }
}
