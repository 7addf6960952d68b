import Foundation
import LocationWire

/// Approximate location (iOS 14 and later, Precise Location off): what an app with
/// ``AccuracyAuthorization/reducedAccuracy`` gets instead of the source's fixes.
///
/// Apple says only that the location is "reduced in both space and time … updating the location
/// at most a few times per hour", "usually within 1–20 kilometers of the actual location"
/// (`kCLLocationAccuracyReduced`), and "around 4 times an hour" (WWDC 2020, "What's new in
/// location"). How it is reduced is Backgrounder's model:
///
/// - **Space.** The world is cut into cells 0.05° of latitude high (about 5.6 km) and as wide
///   in meters; a fix becomes the center of its cell, with a horizontal accuracy that covers the
///   whole cell (about 4 km), and unknown altitude, speed and course.
/// - **Time.** One fix per manager, then the next no sooner than ``interval`` later.
struct ApproximateLocation: Sendable, Equatable {
    /// The least time between two approximate fixes delivered: four an hour.
    static let interval = Duration.seconds(15 * 60)
    /// How often the source is asked for a fix while the app may have only approximate ones.
    static let sourceInterval = Duration.seconds(60)
    /// The height of a cell, in degrees of latitude.
    static let cellDegrees = 0.05

    /// When the last approximate fix was delivered, as device time.
    private(set) var lastDelivered: Duration?

    /// The approximate fix to deliver for `location` at `now`, or nil if one was delivered less
    /// than ``interval`` ago.
    mutating func admit(_ location: Location, at now: Duration) -> Location? {
        if let lastDelivered, now - lastDelivered < Self.interval { return nil }
        lastDelivered = now
        return Self.coarsened(location)
    }

    /// `location` as an approximate fix: its cell's center, accurate to the cell.
    static func coarsened(_ location: Location) -> Location {
        let step = cellDegrees
        let row = (location.coordinate.latitude / step).rounded(.down)
        let south = max(-90, row * step), north = min(90, south + step)
        let center = (south + north) / 2
        let columnDegrees = min(360, step / max(cos(center * .pi / 180), step / 360))
        let column = ((location.coordinate.longitude + 180) / columnDegrees).rounded(.down)
        let west = -180 + column * columnDegrees, east = min(180, west + columnDegrees)
        let middle = Coordinate(latitude: center, longitude: (west + east) / 2)
        let corners = [(south, west), (south, east), (north, west), (north, east)]
        let radius = corners.map { middle.distance(to: Coordinate(latitude: $0.0, longitude: $0.1)) }.max() ?? 0
        return Location(
            coordinate: middle, horizontalAccuracy: radius.rounded(.up), verticalAccuracy: -1, speed: -1, course: -1,
            timestamp: location.timestamp)
    }
}
