import BackgroundRuntime
import Location

/// The delegate of the runtime manager a ``CLLocationManager`` keeps for its heading updates:
/// each fix's course becomes a heading, delivered when it moved past the manager's
/// `headingFilter` since the last one delivered (the first always).
@AppMain
final class HeadingRelay: LocationManagerDelegate {
    weak var owner: CLLocationManager?

    func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {
        guard let owner else { return }
        for heading in locations.compactMap({ CLHeading(of: CLLocation($0)) }) where owner.headingPassesFilter(heading) {
            owner.heading = heading
            owner.delegate?.locationManager(owner, didUpdateHeading: heading)
        }
    }
}
