import Foundation
import LocationWire

/// A mark on the Location tab's map: where the app heard of a region entry or exit, a
/// significant change or a visit, and what it was. `status` lists them under
/// `screens.location.marks`, oldest first.
public struct MapMark: Sendable, Equatable, Encodable {
    /// What the app heard.
    public enum Kind: String, Sendable, Encodable, CaseIterable {
        /// `locationManager(_:didEnterRegion:)`, at the fix that brought it.
        case entry
        /// `locationManager(_:didExitRegion:)`, at the fix that brought it.
        case exit
        /// A fix from the significant-change service.
        case significantChange
        /// `locationManager(_:didVisit:)` with only an arrival date, at the visit's place.
        case arrival
        /// `locationManager(_:didVisit:)` with a departure date, at the visit's place.
        case departure
    }

    public var kind: Kind
    /// The region's identifier for entries and exits; empty otherwise.
    public var label: String
    public var latitude: Double
    public var longitude: Double
    /// When it happened (the fix's or the visit's time), ISO 8601, UTC.
    public var timestamp: String

    public init(_ kind: Kind, label: String = "", at coordinate: Coordinate, time: Date) {
        self.kind = kind
        self.label = label
        latitude = coordinate.latitude
        longitude = coordinate.longitude
        timestamp = Timestamp.text(time.timeIntervalSince1970)
    }
}
