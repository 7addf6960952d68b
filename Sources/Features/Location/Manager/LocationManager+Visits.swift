import BackgroundApp
import BackgroundWire
import LocationWire

/// The visits service, as `CLLocationManager` has it (iOS 8 and later): arrivals and departures
/// come to ``LocationManagerDelegate/locationManager(_:didVisit:)``, waking the app or launching
/// it in the background, with Always authorization only.
extension LocationManager {
    /// Starts the visits service. After a launch for a visit the app must start it again to get
    /// the visit. Fails as ``startUpdatingLocation()`` does; with When In Use it starts and brings
    /// nothing.
    public func startMonitoringVisits() {
        if let error = Self.visitsUnavailable(in: application.profile) {
            delegate?.locationManager(self, didFailWithError: error)
            return
        }
        guard started(client.call(.startVisits(client: id), answer: LocationError.self)) else { return }
        isMonitoringVisits = true
    }

    /// Why the visits service cannot start in `profile`'s era, if it cannot: it came with iOS 8.
    public nonisolated static func visitsUnavailable(in profile: PolicyProfile) -> LocationError? {
        profile.visitsUnavailable
    }

    /// Stops the visits service.
    public func stopMonitoringVisits() {
        isMonitoringVisits = false
        client.tell(.stopVisits(client: id))
    }
}
