import UIKit
import CoreLocation

// monitorRegionAtLocation(center:identifier:) is Listing 1 of Apple's "Monitoring the user's
// proximity to geographic regions", line for line (Snippets/region-1-monitor.txt): it checks
// for Always, then monitors the largest region allowed. Apple's listing is called once the app
// is authorized, so the tracker calls it when the authorization becomes Always.
class LocationTracker: NSObject, CLLocationManagerDelegate {
    let locationManager = CLLocationManager()
    var locations: [CLLocation] = []
    var enteredRegions: [String] = []

    override init() {
        super.init()
        locationManager.delegate = self
    }

    func start() {
        locationManager.desiredAccuracy = kCLLocationAccuracyBest
        locationManager.allowsBackgroundLocationUpdates = true
        locationManager.pausesLocationUpdatesAutomatically = false
        locationManager.requestAlwaysAuthorization()
        locationManager.startUpdatingLocation()
    }

    func monitorRegionAtLocation(center: CLLocationCoordinate2D, identifier: String ) {
        // Make sure the app is authorized.
        if CLLocationManager.authorizationStatus() == .authorizedAlways {
            // Make sure region monitoring is supported.
            if CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self) {
                // Register the region.
                let maxDistance = locationManager.maximumRegionMonitoringDistance
                let region = CLCircularRegion(center: center,
                     radius: maxDistance, identifier: identifier)
                region.notifyOnEntry = true
                region.notifyOnExit = false

                locationManager.startMonitoring(for: region)
            }
        }
    }

    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        if status == .authorizedAlways {
            monitorRegionAtLocation(center: CLLocationCoordinate2D(latitude: 37.3327, longitude: -122.0053), identifier: "Apple Park Visitor Center")
        }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let location = locations.last else { return }
        self.locations.append(location)
        if UIApplication.shared.applicationState == .active {
            print("New location is \(location)")
        } else {
            print("App is backgrounded. New location is \(location)")
        }
    }

    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        if let region = region as? CLCircularRegion {
            let identifier = region.identifier
            enteredRegions.append(identifier)
            if UIApplication.shared.applicationState == .active {
                print("Entered region \(identifier)")
            } else {
                print("App is backgrounded. Entered region \(identifier)")
            }
        }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        if let error = error as? CLError, error.code == .denied {
            // Location updates are not authorized.
            manager.stopUpdatingLocation()
            return
        }
        print("Location manager failed: \(error.localizedDescription)")
    }

    func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: Error) {
        print("Monitoring failed for region with identifier: \(region?.identifier ?? "")")
    }
}
