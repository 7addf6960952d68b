import Foundation

/// A place the device stayed at, like `CLVisit`: delivered once when the device arrives (with
/// only the arrival date; ``departureDate`` is `Date.distantFuture`) and once when it leaves
/// (with both dates), as Apple's `CLVisit` describes.
public struct Visit: Sendable, Equatable, Codable {
    /// Where the device stayed.
    public var coordinate: Coordinate
    /// How far from ``coordinate`` the device may have been, in meters.
    public var horizontalAccuracy: Double
    /// When the device arrived.
    public var arrivalDate: Date
    /// When it left; `Date.distantFuture` while it has not.
    public var departureDate: Date

    public init(coordinate: Coordinate, horizontalAccuracy: Double, arrivalDate: Date, departureDate: Date = .distantFuture) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.arrivalDate = arrivalDate
        self.departureDate = departureDate
    }

    /// Whether this is the departure: the device has left.
    public var isDeparture: Bool { departureDate != .distantFuture }

    /// The visit in the console's words: `a visit (arrival at 37.32160000, -122.04020000)`.
    package var summary: String {
        let place = String(format: "%.8f, %.8f", coordinate.latitude, coordinate.longitude)
        return "a visit (\(isDeparture ? "departure from" : "arrival at") \(place))"
    }
}
