import LocationWire

/// Where a replayed track is at one moment: its interpolated position and the speed and course
/// of the stretch it is on.
public struct TrackSample: Sendable, Equatable {
    public var coordinate: Coordinate
    public var altitude: Double?
    public var horizontalAccuracy: Double
    public var verticalAccuracy: Double?
    /// Meters per second along the stretch; 0 when it does not move.
    public var speed: Double
    /// Degrees from true north; -1 (unknown) when it does not move.
    public var course: Double
}
