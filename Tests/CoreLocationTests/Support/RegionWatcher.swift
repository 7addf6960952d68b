import BackgroundRuntime
import CoreLocation

/// An app whose delegate is an `NSObject` adopting `CLLocationManagerDelegate`, the form of
/// Apple's sample code, in the Swift 6 language mode: at each launch it makes its manager and
/// sets the delegate, and it hears entries, exits and states. An app delegate is isolated to the
/// app's main actor and `CLLocationManagerDelegate` is not, so it adopts it `@preconcurrency`, as
/// Xcode asks of such a type in the Swift 6 mode.
final class RegionWatcher: NSObject, ApplicationDelegate, @preconcurrency CLLocationManagerDelegate {
    static let cafe = CLCircularRegion(center: CLLocationCoordinate2D(latitude: 37.34400250, longitude: -122.03272188), radius: 400, identifier: "Cafe")

    let locationManager = CLLocationManager()
    let heard: Heard

    init(heard: Heard) {
        self.heard = heard
        super.init()
        locationManager.delegate = self
    }

    func applicationDidFinishLaunching(_ application: Application) {
        heard.record("launched \(application.launchReason)")
    }

    /// Asks for Always and monitors the café, reporting entries only.
    func monitorCafe() {
        locationManager.requestAlwaysAuthorization()
        let region = CLCircularRegion(center: Self.cafe.center, radius: Self.cafe.radius, identifier: Self.cafe.identifier)
        region.notifyOnEntry = true
        region.notifyOnExit = false
        locationManager.startMonitoring(for: region)
    }

    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        let circle = region as? CLCircularRegion
        heard.record("enter \(region.identifier) \(Application.current.map { "\($0.applicationState)" } ?? "none") radius \(circle?.radius ?? 0)")
    }

    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        heard.record("exit \(region.identifier)")
    }

    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {
        heard.record("state \(state) \(region.identifier)")
    }
}
