import Location

/// A circle the app asks the system to watch: the runtime's ``CircularRegion``.
open class CLCircularRegion: CLRegion {
    /// A circle of `radius` meters around `center`, named `identifier`, reporting entries and
    /// exits. A bad one (no identifier, a radius past the maximum) fails when it is monitored.
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        super.init(CircularRegion(center: center.coordinate, radius: radius, identifier: identifier))
    }

    override init(_ region: CircularRegion) {
        super.init(region)
    }

    /// The circle's center.
    public var center: CLLocationCoordinate2D { CLLocationCoordinate2D(region.center) }

    /// The circle's radius in meters.
    public var radius: CLLocationDistance { region.radius }

    /// Whether `coordinate` lies inside the circle.
    public func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        region.contains(coordinate.coordinate)
    }

    /// The circle, as `CLCircularRegion (identifier:'Home', center:<+37.33500926,-122.03272188>, radius:200.00m)`.
    open override var description: String {
        let center = String(format: "<%+.8f,%+.8f>", region.center.latitude, region.center.longitude)
        return "CLCircularRegion (identifier:'\(identifier)', center:\(center), radius:\(String(format: "%.2f", region.radius))m)"
    }
}
