import BackgroundApp
import BackgroundWire
import LocationWire

/// The receiver of a ``LocationManager``'s events, like `CLLocationManagerDelegate`. Every method
/// runs on the app's main executor and has a default that does nothing.
@AppMain
public protocol LocationManagerDelegate: AnyObject {
    /// New fixes, oldest first; they passed the manager's accuracy and distance filters.
    func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location])
    /// Updates could not start or were stopped.
    func locationManager(_ manager: LocationManager, didFailWithError error: LocationError)
    /// ``LocationManager/authorizationStatus`` or ``LocationManager/accuracyAuthorization`` changed.
    func locationManagerDidChangeAuthorization(_ manager: LocationManager)
    /// The system paused the updates: the device stayed still (see
    /// ``LocationManager/pausesLocationUpdatesAutomatically``). Only the app's next
    /// ``LocationManager/startUpdatingLocation()`` resumes them.
    func locationManagerDidPauseLocationUpdates(_ manager: LocationManager)
    /// The app started paused updates again.
    func locationManagerDidResumeLocationUpdates(_ manager: LocationManager)
    /// The device entered a monitored region (its `notifyOnEntry` is true).
    func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion)
    /// The device left a monitored region (its `notifyOnExit` is true).
    func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion)
    /// Where the device is relative to `region`: after each crossing reported, and in answer to
    /// ``LocationManager/requestState(for:)``.
    func locationManager(_ manager: LocationManager, didDetermineState state: RegionState, for region: CircularRegion)
    /// The device arrived at a place (``Visit/departureDate`` is `distantFuture`) or left it
    /// (see ``LocationManager/startMonitoringVisits()``).
    func locationManager(_ manager: LocationManager, didVisit visit: Visit)
    /// `region` could not be monitored.
    func locationManager(_ manager: LocationManager, monitoringDidFailFor region: CircularRegion, withError error: LocationError)
}

extension LocationManagerDelegate {
    public func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {}
    public func locationManager(_ manager: LocationManager, didFailWithError error: LocationError) {}
    public func locationManagerDidChangeAuthorization(_ manager: LocationManager) {}
    public func locationManagerDidPauseLocationUpdates(_ manager: LocationManager) {}
    public func locationManagerDidResumeLocationUpdates(_ manager: LocationManager) {}
    public func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion) {}
    public func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion) {}
    public func locationManager(_ manager: LocationManager, didDetermineState state: RegionState, for region: CircularRegion) {}
    public func locationManager(_ manager: LocationManager, didVisit visit: Visit) {}
    public func locationManager(
        _ manager: LocationManager, monitoringDidFailFor region: CircularRegion, withError error: LocationError
    ) {}
}
