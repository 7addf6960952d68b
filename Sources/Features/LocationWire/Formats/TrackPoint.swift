/// One point of a recorded track, as a GPX or NMEA file gives it.
public struct TrackPoint: Sendable, Equatable {
    /// Seconds since 1970 (UTC).
    public var time: Double
    public var coordinate: Coordinate
    /// Meters above sea level, if the file has it.
    public var altitude: Double?
    /// The radius of uncertainty in meters.
    public var horizontalAccuracy: Double
    /// The uncertainty of the altitude in meters: from the file's VDOP or error estimate, else
    /// the horizontal accuracy when there is an altitude, else nil.
    public var verticalAccuracy: Double?

    public init(time: Double, coordinate: Coordinate, altitude: Double? = nil, horizontalAccuracy: Double, verticalAccuracy: Double? = nil) {
        self.time = time
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
    }

    /// The accuracy a file's dilution of precision stands for: DOP × 5 m, the user range error
    /// of a consumer receiver, so that a DOP of 1 gives the 5 m of Xcode's simulated fixes.
    public static let rangeError = 5.0

    /// The accuracy of a point whose file says nothing about it: Xcode's 5 m.
    public static let defaultAccuracy = 5.0
}
