import Location

/// A latitude and longitude in degrees (WGS 84): the runtime's ``Coordinate`` in Apple's shape,
/// a struct of two fields that is not Equatable, as Apple's is not.
public struct CLLocationCoordinate2D: Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees

    /// The coordinate 0, 0.
    public init() {
        self.init(latitude: 0, longitude: 0)
    }

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }

    init(_ coordinate: Coordinate) {
        self.init(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    /// The runtime's coordinate.
    var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}

/// The coordinate of `latitude` and `longitude`.
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// Whether `coordinate` is a latitude from -90 to 90 and a longitude from -180 to 180.
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    coordinate.coordinate.isValid
}
