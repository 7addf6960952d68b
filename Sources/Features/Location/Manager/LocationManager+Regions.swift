import BackgroundApp
import BackgroundWire
import LocationWire

/// Region monitoring, as `CLLocationManager` has it: the regions are the app's, shared by all
/// its managers and kept by the system across launches; crossings come to every manager's
/// delegate, waking or launching the app (see ``LocationService``'s regions).
extension LocationManager {
    /// The largest radius a region may have (`maximumRegionMonitoringDistance`), in meters.
    public nonisolated static let maximumRegionMonitoringDistance = CircularRegion.maximumRadius

    /// The most regions an app may monitor at a time: 20.
    public nonisolated static let maximumMonitoredRegions = CircularRegion.monitoringLimit

    /// The regions the app monitors, in the order added (`monitoredRegions`), as the system
    /// keeps them now.
    public var monitoredRegions: [CircularRegion] { client.call(.monitoredRegions, answer: [CircularRegion].self) ?? [] }

    /// Starts monitoring `region`, replacing a region with its identifier. The app may monitor
    /// 20 at most; the 21st, or a bad region, fails with
    /// ``LocationError/regionMonitoringFailure(_:)`` through
    /// ``LocationManagerDelegate/locationManager(_:monitoringDidFailFor:withError:)``. Being
    /// inside already is no entry: ask ``requestState(for:)``.
    public func startMonitoring(for region: CircularRegion) {
        if let error = client.call(.startMonitoring(region), answer: LocationError.self) {
            delegate?.locationManager(self, monitoringDidFailFor: region, withError: error)
        }
    }

    /// Stops monitoring the region with `region`'s identifier.
    public func stopMonitoring(for region: CircularRegion) {
        client.tell(.stopMonitoring(identifier: region.identifier))
    }

    /// Asks where the device is relative to `region`; the answer comes to
    /// ``LocationManagerDelegate/locationManager(_:didDetermineState:for:)``, after the next fix
    /// if the system does not know yet.
    public func requestState(for region: CircularRegion) {
        client.tell(.requestState(client: id, region))
    }

    func handle(_ event: RegionEvent) {
        switch event {
        case .entered(let region): delegate?.locationManager(self, didEnterRegion: region)
        case .exited(let region): delegate?.locationManager(self, didExitRegion: region)
        case .determined(let state, let region): delegate?.locationManager(self, didDetermineState: state, for: region)
        }
    }
}
