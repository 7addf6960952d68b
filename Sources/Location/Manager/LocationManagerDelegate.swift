import BackgroundRuntime

/// The receiver of a ``LocationManager``'s events, like `CLLocationManagerDelegate`. Every method
/// runs on the app's main executor and has a default that does nothing.
@AppMain
public protocol LocationManagerDelegate: AnyObject {
    /// New fixes, oldest first; they passed the manager's accuracy and distance filters.
    func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location])
    /// Updates could not start or were stopped.
    func locationManager(_ manager: LocationManager, didFailWithError error: LocationError)
    /// ``LocationManager/authorizationStatus`` changed.
    func locationManagerDidChangeAuthorization(_ manager: LocationManager)
}

extension LocationManagerDelegate {
    public func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {}
    public func locationManager(_ manager: LocationManager, didFailWithError error: LocationError) {}
    public func locationManagerDidChangeAuthorization(_ manager: LocationManager) {}
}
