import Location

/// One fix of the device's position: the runtime's ``Location``, as the object Apple's delegate
/// methods hand over. Immutable, as Apple's is.
// Unchecked: open, as Apple's; its one stored property is an immutable Sendable value.
open class CLLocation: NSObject, @unchecked Sendable {
    /// The runtime's fix.
    let fix: Location

    init(_ fix: Location) {
        self.fix = fix
    }

    /// A fix at `latitude`, `longitude` made now, of accuracy 0, with altitude, speed and course
    /// unknown.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0, horizontalAccuracy: 0,
            verticalAccuracy: -1, timestamp: Date())
    }

    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy,
            course: -1, speed: -1, timestamp: timestamp)
    }

    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
    ) {
        self.init(Location(
            coordinate: coordinate.coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: verticalAccuracy, speed: speed, course: course, timestamp: timestamp))
    }

    public var coordinate: CLLocationCoordinate2D { CLLocationCoordinate2D(fix.coordinate) }
    /// Meters above sea level; meaningful only when ``verticalAccuracy`` is not negative.
    public var altitude: CLLocationDistance { fix.altitude }
    /// The radius of uncertainty of ``coordinate`` in meters; negative when the fix is invalid.
    public var horizontalAccuracy: CLLocationAccuracy { fix.horizontalAccuracy }
    /// The uncertainty of ``altitude`` in meters; negative when the altitude is unknown.
    public var verticalAccuracy: CLLocationAccuracy { fix.verticalAccuracy }
    /// Meters per second; negative when unknown.
    public var speed: CLLocationSpeed { fix.speed }
    /// Degrees clockwise from true north; negative when unknown.
    public var course: CLLocationDirection { fix.course }
    /// When the fix was determined.
    public var timestamp: Date { fix.timestamp }

    /// The distance to `location` in meters, along the Earth's surface.
    public func distance(from location: CLLocation) -> CLLocationDistance {
        fix.distance(from: location.fix)
    }

    /// Core Location's description:
    /// `<+37.33500926,-122.03272188> +/- 5.00m (speed 7.74 mps / course 246.09) @ 3/7/13, 10:31:11 PM Eastern Daylight Time`.
    open override var description: String { fix.description }
}
