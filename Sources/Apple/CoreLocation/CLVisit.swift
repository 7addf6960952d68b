import Location

/// A place the device stayed at: the runtime's ``Visit``. An arrival has a ``departureDate`` of
/// `Date.distantFuture`; a departure has both dates.
// Unchecked: open, as Apple's; its one stored property is an immutable Sendable value.
open class CLVisit: NSObject, @unchecked Sendable {
    let visit: Visit

    init(_ visit: Visit) {
        self.visit = visit
    }

    /// When the device arrived.
    public var arrivalDate: Date { visit.arrivalDate }
    /// When it left; `Date.distantFuture` while it has not.
    public var departureDate: Date { visit.departureDate }
    /// Where the device stayed.
    public var coordinate: CLLocationCoordinate2D { CLLocationCoordinate2D(visit.coordinate) }
    /// How far from ``coordinate`` the device may have been, in meters.
    public var horizontalAccuracy: CLLocationAccuracy { visit.horizontalAccuracy }
}
