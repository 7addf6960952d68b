import BackgroundRuntime
import CoreLocation

/// An app whose delegate adopts `CLLocationManagerDelegate`, written as Apple's documentation
/// writes one, in the Swift 6 language mode: it makes its manager as a stored property and
/// records every call it gets, with the app's state. An app delegate is isolated to the app's
/// main actor and the protocol is not, so it adopts it `@preconcurrency`, as Xcode asks.
final class Tracker: ApplicationDelegate, @preconcurrency CLLocationManagerDelegate {
    let locationManager = CLLocationManager()
    let heard: Heard
    /// The app's background activity session (iOS 17), when it holds one.
    var session: CLBackgroundActivitySession?

    init(heard: Heard) {
        self.heard = heard
        locationManager.delegate = self
    }

    /// Asks for Always and starts updates, kept on in the background if `background`.
    func startTracking(background: Bool) {
        locationManager.desiredAccuracy = kCLLocationAccuracyBest
        locationManager.pausesLocationUpdatesAutomatically = false
        if background { locationManager.allowsBackgroundLocationUpdates = true }
        locationManager.requestAlwaysAuthorization()
        locationManager.startUpdatingLocation()
    }

    private var state: String { Application.current.map { "\($0.applicationState)" } ?? "none" }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        for location in locations {
            heard.record("location \(state) \(String(format: "%.5f", location.coordinate.latitude)) \(location.horizontalAccuracy)")
        }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        switch error {
        case CLError.denied: heard.record("failed denied \((error as NSError).domain) \((error as NSError).code)")
        default: heard.record("failed \(error)")
        }
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        heard.record("authorization \(manager.authorizationStatus) \(manager.accuracyAuthorization)")
    }

    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        heard.record("didChangeAuthorization \(status)")
    }

    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
        heard.record("paused \(state)")
    }

    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
        heard.record("resumed")
    }

    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        heard.record("enter \(region.identifier) \(state)")
    }

    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        heard.record("exit \(region.identifier) \(state)")
    }

    func locationManager(_ manager: CLLocationManager, didDetermineState regionState: CLRegionState, for region: CLRegion) {
        heard.record("state \(regionState) \(region.identifier)")
    }

    func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error) {
        let code = (error as? CLError)?.code
        heard.record("monitoring failed \(region?.identifier ?? "nil") \(code.map { "\($0)" } ?? "\(error)")")
    }

    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        heard.record("heading \(state) \(String(format: "%.1f", newHeading.trueHeading))")
    }

    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        let kind = visit.departureDate == .distantFuture ? "arrival" : "departure"
        heard.record("visit \(kind) \(Int(visit.departureDate.timeIntervalSince(visit.arrivalDate).rounded())) \(state)")
    }
}
