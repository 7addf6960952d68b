/// What the device can do, as Core Location's class methods answer. Backgrounder's devices have
/// every service of the eras it models (iOS 4 and later) and no switch that turns Location
/// Services off for the whole device: what an app may do is its authorization, which the
/// location service decides.
extension CLLocationManager {
    /// Whether Location Services are on for the device: always, here.
    public nonisolated class func locationServicesEnabled() -> Bool {
        true
    }

    /// Whether the significant-change service exists (iOS 4 and later): always, here.
    public nonisolated class func significantLocationChangeMonitoringAvailable() -> Bool {
        true
    }

    /// Whether regions of `regionClass` can be monitored: circular ones can.
    public nonisolated class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool {
        regionClass is CLCircularRegion.Type
    }
}
