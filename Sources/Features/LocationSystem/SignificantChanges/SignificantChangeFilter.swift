import LocationWire

/// When the significant-change location service reports a fix (Apple,
/// startMonitoringSignificantLocationChanges(): “After returning a current location fix, the
/// receiver generates update events only when a significant change in the user’s location is
/// detected … as soon as the device moves 500 meters or more from its previous notification. It
/// should not expect notifications more frequently than once every five minutes”): the first fix
/// at once, then one 500 m away from the last reported, no sooner than 5 minutes after it. A value
/// type: no lock, no clock, no I/O.
struct SignificantChangeFilter: Sendable {
    /// How far the device must move from the last fix reported.
    static let distance = 500.0
    /// How long at least between two fixes reported.
    static let interval = Duration.seconds(300)

    private var last: (coordinate: Coordinate, at: Duration)?

    /// Whether `fix`, made at `now`, is reported; if so, it is the new reference.
    mutating func admit(_ fix: Location, at now: Duration) -> Bool {
        guard fix.isValid else { return false }
        if let last, now - last.at < Self.interval || last.coordinate.distance(to: fix.coordinate) < Self.distance {
            return false
        }
        last = (fix.coordinate, now)
        return true
    }
}
