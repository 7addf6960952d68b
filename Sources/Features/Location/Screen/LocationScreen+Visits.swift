import BackgroundApp
import BackgroundWire
import LocationWire

/// The Location tab's visits: the service turned on and off (`location visits on|off`),
/// remembered across launches; arrivals and departures logged — `App is backgrounded. Arrived at
/// a place (visit) …` when the app is not on screen — and marked on the map.
extension LocationScreen {
    /// Turns the visits service on or off, remembered across launches; returns why it cannot be
    /// on in this era, if it cannot (before iOS 8).
    public func setVisits(_ on: Bool) -> LocationError? {
        if on, let error = LocationManager.visitsUnavailable(in: application.profile) { return error }
        if on { manager.startMonitoringVisits() } else { manager.stopMonitoringVisits() }
        remember(on, in: visitsSwitch, for: "visits")
        publish()
        return nil
    }

    public func locationManager(_ manager: LocationManager, didVisit visit: Visit) {
        let place = String(format: "%.8f, %.8f", visit.coordinate.latitude, visit.coordinate.longitude)
        if visit.isDeparture {
            let minutes = Int(visit.departureDate.timeIntervalSince(visit.arrivalDate) / 60)
            log("Left a place (visit) at \(place) after \(minutes) minutes")
            mark(MapMark(.departure, at: visit.coordinate, time: visit.departureDate))
        } else {
            log("Arrived at a place (visit) at \(place)")
            mark(MapMark(.arrival, at: visit.coordinate, time: visit.arrivalDate))
        }
        restartPausedUpdates(on: "a visit")
        publish()
    }
}
