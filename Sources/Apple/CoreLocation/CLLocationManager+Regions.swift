import BackgroundRuntime
import Location

/// Region monitoring: the runtime's regions, which are the app's, shared by its managers and
/// kept across its launches.
extension CLLocationManager {
    /// The regions the app monitors (off the main thread, as this manager last changed or read them).
    public var monitoredRegions: Set<CLRegion> {
        let regions = readOnMain { manager in
            let regions = manager.manager.monitoredRegions
            manager.kept.withLock { $0.monitoredRegions = regions }
            return regions
        }
        return Set((regions ?? kept.withLock { $0.monitoredRegions }).map(CLCircularRegion.init))
    }

    /// The largest radius a region may have, in meters (Backgrounder's model: Apple gives no value).
    public var maximumRegionMonitoringDistance: CLLocationDistance { LocationManager.maximumRegionMonitoringDistance }

    /// Starts monitoring `region`, replacing one with its identifier; a failure comes to
    /// `locationManager(_:monitoringDidFailFor:withError:)`. Being inside already is no entry.
    public func startMonitoring(for region: CLRegion) {
        let region = region.region
        onMain { manager in
            manager.manager.startMonitoring(for: region)
            let regions = manager.manager.monitoredRegions
            manager.kept.withLock { $0.monitoredRegions = regions }
        }
    }

    /// Stops monitoring the region with `region`'s identifier.
    public func stopMonitoring(for region: CLRegion) {
        let region = region.region
        onMain { manager in
            manager.manager.stopMonitoring(for: region)
            let regions = manager.manager.monitoredRegions
            manager.kept.withLock { $0.monitoredRegions = regions }
        }
    }

    /// Asks where the device is relative to `region`; the answer comes to
    /// `locationManager(_:didDetermineState:for:)`.
    public func requestState(for region: CLRegion) {
        let region = region.region
        onMain { $0.manager.requestState(for: region) }
    }
}
