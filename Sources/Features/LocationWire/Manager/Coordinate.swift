/// A latitude and longitude in degrees (WGS 84), like `CLLocationCoordinate2D`.
public struct Coordinate: Sendable, Hashable, Codable {
    /// Degrees north of the equator, -90 to 90.
    public var latitude: Double
    /// Degrees east of Greenwich, -180 to 180.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both values are finite and within their ranges.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }
}
