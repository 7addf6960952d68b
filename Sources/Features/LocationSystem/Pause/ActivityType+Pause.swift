import LocationWire

extension ActivityType {
    /// How long the device must stay still in the background before updates pause, when
    /// ``LocationManager/pausesLocationUpdatesAutomatically`` is true.
    ///
    /// Apple gives no numbers: updates pause "at times when the location data is unlikely to
    /// change", with the activity type as the cue (`pausesLocationUpdatesAutomatically`,
    /// `CLActivityType`). These are Backgrounder's model: sooner for a car that stopped, later
    /// for a workout or a flight.
    public var pauseAfter: Duration {
        switch self {
        case .automotiveNavigation: .seconds(5 * 60)
        case .otherNavigation: .seconds(10 * 60)
        case .other, .fitness: .seconds(15 * 60)
        case .airborne: .seconds(30 * 60)
        }
    }
}
