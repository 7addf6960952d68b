import LocationWire

/// Finds visits in the fixes the system watches (Backgrounder's model: Apple says only that the
/// visits service reports when “the user’s movements are noteworthy”): the device arrives once
/// every fix has stayed within ``radius`` of the first still fix for ``arrivalAfter``, by the
/// fixes' own timestamps, and departs at the first fix farther away. A value type: no lock, no
/// clock, no I/O.
struct VisitDetector: Sendable {
    /// How far fixes may wander while the device stays at one place, in meters.
    static let radius = 100.0
    /// How long the device must stay before the arrival is reported.
    static let arrivalAfter = 300.0

    /// The first fix of the current stay.
    private var anchor: Location?
    /// The newest fix of the current stay.
    private var latest: Location?
    /// Whether the arrival at the current stay was reported.
    private var hasArrived = false

    /// Takes in `fix`; returns the arrival or the departure it completes, if any.
    mutating func observe(_ fix: Location) -> Visit? {
        guard fix.isValid else { return nil }
        guard let anchor, fix.distance(from: anchor) <= Self.radius else {
            let departure = hasArrived ? visit(departed: true) : nil
            anchor = fix
            latest = fix
            hasArrived = false
            return departure
        }
        latest = fix
        guard !hasArrived, fix.timestamp.timeIntervalSince(anchor.timestamp) >= Self.arrivalAfter else { return nil }
        hasArrived = true
        return visit(departed: false)
    }

    /// The current stay as a visit, with its departure date if the device `departed`.
    private func visit(departed: Bool) -> Visit? {
        guard let anchor, let latest else { return nil }
        return Visit(
            coordinate: anchor.coordinate, horizontalAccuracy: Self.radius, arrivalDate: anchor.timestamp,
            departureDate: departed ? latest.timestamp : .distantFuture)
    }
}
