import BackgroundRuntime
import Foundation
import Location

/// A user's app that watches one geofence, for the tests of the location service with the app
/// in its own process: at launch it asks for Always authorization and monitors the region that
/// `TRACKER_REGION` gives as `LATITUDE LONGITUDE RADIUS`, and logs what its manager's delegate
/// hears: the fixes of the updates it starts, the entry. It declares no background mode: it gets
/// no fixes while suspended, and a region crossing wakes it all the same.
@AppMain
final class TrackerApp: ApplicationDelegate, LocationManagerDelegate {
    nonisolated static let infoPlist = InfoPlist(
        bundleName: "Tracker", bundleIdentifier: "com.example.tracker",
        locationAlwaysUsageDescription: "Tracker tells you when you get home.",
        locationWhenInUseUsageDescription: "Tracker shows where you are.",
        locationAlwaysAndWhenInUseUsageDescription: "Tracker tells you when you get home.")

    let application: Application
    private let manager: LocationManager

    init(application: Application) {
        self.application = application
        manager = LocationManager(application: application)
    }

    func applicationDidFinishLaunching(_ application: Application) {
        manager.delegate = self
        manager.requestAlwaysAuthorization()
        let numbers = (ProcessInfo.processInfo.environment["TRACKER_REGION"] ?? "").split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 3 else { return }
        manager.startMonitoring(for: CircularRegion(
            center: Coordinate(latitude: numbers[0], longitude: numbers[1]), radius: numbers[2], identifier: "Home"))
        manager.startUpdatingLocation()
    }

    func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {
        for location in locations { application.logger.info("Tracker: location \(location)") }
    }

    func locationManagerDidChangeAuthorization(_ manager: LocationManager) {
        application.logger.info("Tracker: authorization \(manager.authorizationStatus)")
    }

    func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion) {
        application.logger.info("Tracker: entered \(region.identifier) in process \(getpid())")
    }

    func locationManager(_ manager: LocationManager, monitoringDidFailFor region: CircularRegion, withError error: LocationError) {
        application.logger.info("Tracker: monitoring \(region.identifier) failed: \(error)")
    }
}
