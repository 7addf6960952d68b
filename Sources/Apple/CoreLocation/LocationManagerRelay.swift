import BackgroundRuntime
import Location

/// The runtime manager's delegate inside a ``CLLocationManager``: it hands each event on to the
/// manager's Apple-spelled delegate, with Apple's types, on the app's main executor. It holds its
/// manager weakly (the manager holds it), and decides nothing but what a `requestLocation()`
/// waiting takes.
@AppMain
final class LocationManagerRelay: LocationManagerDelegate {
    weak var owner: CLLocationManager?

    /// Made with its manager, on any thread; its owner is set on the app's main executor.
    nonisolated init() {}

    func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {
        guard let owner else { return }
        owner.noteSystemState()
        let delivered = owner.answeringRequest(with: locations.map(CLLocation.init))
        owner.delegate?.locationManager(owner, didUpdateLocations: delivered)
    }

    func locationManager(_ manager: LocationManager, didFailWithError error: LocationError) {
        guard let owner else { return }
        owner.endLocationRequest()
        owner.delegate?.locationManager(owner, didFailWithError: error.appleError)
    }

    func locationManagerDidChangeAuthorization(_ manager: LocationManager) {
        guard let owner else { return }
        owner.noteSystemState()
        owner.delegate?.locationManagerDidChangeAuthorization(owner)
        owner.delegate?.locationManager(owner, didChangeAuthorization: owner.authorizationStatus)
    }

    func locationManagerDidPauseLocationUpdates(_ manager: LocationManager) {
        guard let owner else { return }
        owner.delegate?.locationManagerDidPauseLocationUpdates(owner)
    }

    func locationManagerDidResumeLocationUpdates(_ manager: LocationManager) {
        guard let owner else { return }
        owner.delegate?.locationManagerDidResumeLocationUpdates(owner)
    }

    func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion) {
        guard let owner else { return }
        owner.delegate?.locationManager(owner, didEnterRegion: CLCircularRegion(region))
    }

    func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion) {
        guard let owner else { return }
        owner.delegate?.locationManager(owner, didExitRegion: CLCircularRegion(region))
    }

    func locationManager(_ manager: LocationManager, didDetermineState state: RegionState, for region: CircularRegion) {
        guard let owner else { return }
        owner.delegate?.locationManager(owner, didDetermineState: CLRegionState(state), for: CLCircularRegion(region))
    }

    func locationManager(_ manager: LocationManager, didVisit visit: Visit) {
        guard let owner else { return }
        owner.delegate?.locationManager(owner, didVisit: CLVisit(visit))
    }

    func locationManager(_ manager: LocationManager, monitoringDidFailFor region: CircularRegion, withError error: LocationError) {
        guard let owner else { return }
        owner.delegate?.locationManager(owner, monitoringDidFailFor: CLCircularRegion(region), withError: error.appleError)
    }
}
