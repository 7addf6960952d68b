import Foundation

/// One fix of the device's position, like `CLLocation`.
///
/// As in CoreLocation, a negative accuracy, speed or course means the value is unknown: a
/// negative `horizontalAccuracy` makes the whole fix invalid, a negative `verticalAccuracy` the
/// altitude.
public struct Location: Sendable, Equatable, Codable {
    public var coordinate: Coordinate
    /// Meters above sea level; meaningful only when `verticalAccuracy` is not negative.
    public var altitude: Double
    /// The radius of uncertainty of `coordinate`, in meters.
    public var horizontalAccuracy: Double
    /// The uncertainty of `altitude`, in meters.
    public var verticalAccuracy: Double
    /// Meters per second over ground.
    public var speed: Double
    /// Degrees clockwise from true north that the device moves towards.
    public var course: Double
    /// When the fix was determined.
    public var timestamp: Date

    public init(
        coordinate: Coordinate,
        altitude: Double = 0,
        horizontalAccuracy: Double,
        verticalAccuracy: Double = -1,
        speed: Double = -1,
        course: Double = -1,
        timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.timestamp = timestamp
    }

    /// Whether the fix can be used: a valid coordinate and a known horizontal accuracy.
    public var isValid: Bool {
        coordinate.isValid && horizontalAccuracy.isFinite && horizontalAccuracy >= 0
    }

    /// The distance to `other` in meters, on the mean Earth sphere (haversine).
    public func distance(from other: Location) -> Double {
        coordinate.distance(to: other.coordinate)
    }
}
