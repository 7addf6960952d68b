import Foundation

/// Distances and directions on the Earth's surface.
extension Coordinate {
    /// The mean radius of the Earth (IUGG), in meters.
    public static let earthRadius = 6_371_008.8

    /// The great-circle distance to `other` in meters (haversine: accurate to about 0.5 % —
    /// the Earth is not a sphere — and well-conditioned for short distances).
    public func distance(to other: Coordinate) -> Double {
        let lat1 = latitude * .pi / 180, lat2 = other.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (other.longitude - longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Self.earthRadius * asin(min(1, h.squareRoot()))
    }

    /// The initial bearing towards `other`, in degrees clockwise from true north (0 to 360).
    public func bearing(to other: Coordinate) -> Double {
        let lat1 = latitude * .pi / 180, lat2 = other.latitude * .pi / 180
        let dLon = (other.longitude - longitude) * .pi / 180
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        let degrees = atan2(y, x) * 180 / .pi
        return (degrees + 360).truncatingRemainder(dividingBy: 360)
    }

    /// The point a `fraction` of the way to `other` (linear in degrees, across the
    /// antimeridian the short way), as a simulated route moves between two of its points.
    public func interpolated(to other: Coordinate, fraction: Double) -> Coordinate {
        var dLon = other.longitude - longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        var lon = longitude + dLon * fraction
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        return Coordinate(latitude: latitude + (other.latitude - latitude) * fraction, longitude: lon)
    }
}
