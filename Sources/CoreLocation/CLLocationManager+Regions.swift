import BackgroundRuntime
import Location

/// Region monitoring: the runtime's regions, which are the app's, shared by its managers and
/// kept across its launches.
extension CLLocationManager {
    /// The regions the app monitors.
    public var monitoredRegions: Set<CLRegion> { Set(manager.monitoredRegions.map(CLCircularRegion.init)) }

    /// The largest radius a region may have, in meters (Backgrounder's model: Apple gives no value).
    public var maximumRegionMonitoringDistance: CLLocationDistance { LocationManager.maximumRegionMonitoringDistance }

    /// Starts monitoring `region`, replacing one with its identifier; a failure comes to
    /// `locationManager(_:monitoringDidFailFor:withError:)`. Being inside already is no entry.
    public func startMonitoring(for region: CLRegion) {
        manager.startMonitoring(for: region.region)
    }

    /// Stops monitoring the region with `region`'s identifier.
    public func stopMonitoring(for region: CLRegion) {
        manager.stopMonitoring(for: region.region)
    }

    /// Asks where the device is relative to `region`; the answer comes to
    /// `locationManager(_:didDetermineState:for:)`.
    public func requestState(for region: CLRegion) {
        manager.requestState(for: region.region)
    }
}
