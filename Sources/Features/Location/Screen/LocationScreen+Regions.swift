import BackgroundApp
import BackgroundWire
import LocationWire

/// The Location tab's geofences: regions added and removed by name (the `location region`
/// commands), their entries and exits logged — `App is backgrounded. Entered region Home` when
/// the app is not on screen — and their states shown in the snapshot.
extension LocationScreen {
    /// Monitors `region`; returns why it cannot be, if it cannot (the app's 20 are taken, or the
    /// region is bad).
    public func monitor(_ region: CircularRegion) -> LocationError? {
        regionFailure = nil
        regionStates[region.identifier] = nil
        manager.startMonitoring(for: region)
        if regionFailure == nil { manager.requestState(for: region) }
        regions = manager.monitoredRegions
        publish()
        return regionFailure
    }

    /// Stops monitoring the region named `identifier`; returns false if none is monitored.
    public func stopMonitoringRegion(named identifier: String) -> Bool {
        regions = manager.monitoredRegions
        guard let region = regions.first(where: { $0.identifier == identifier }) else { return false }
        manager.stopMonitoring(for: region)
        regions = manager.monitoredRegions
        regionStates[identifier] = nil
        publish()
        return true
    }

    public func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion) {
        heard(.entry, region, "Entered region \(region.identifier)")
    }

    public func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion) {
        heard(.exit, region, "Exited region \(region.identifier)")
    }

    public func locationManager(_ manager: LocationManager, didDetermineState state: RegionState, for region: CircularRegion) {
        regionStates[region.identifier] = state
        publish()
    }

    public func locationManager(
        _ manager: LocationManager, monitoringDidFailFor region: CircularRegion, withError error: LocationError
    ) {
        regionFailure = error
        application.logger.info("Monitoring region \(region.identifier) failed: \(error.description)")
    }

    /// Logs `message`, marks the map where the device is (the region's center if the manager has
    /// no location yet), and starts paused updates again.
    private func heard(_ kind: MapMark.Kind, _ region: CircularRegion, _ message: String) {
        log(message)
        let fix = manager.location
        mark(MapMark(kind, label: region.identifier, at: fix?.coordinate ?? region.center, time: fix?.timestamp ?? application.date))
        restartPausedUpdates(on: "a region \(kind.rawValue)")
        publish()
    }

    /// Logs `message`, prefixed as the tutorials do when the app is not on screen.
    func log(_ message: String) {
        let prefix = application.applicationState == .active ? "" : "App is backgrounded. "
        application.logger.info("\(prefix)\(message)")
    }
}
