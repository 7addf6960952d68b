import LocationWire

extension LocationPermission {
    /// Whether the app hears of region crossings: only with Always authorization (Apple's Location
    /// and Maps Programming Guide) and, from iOS 14, precise location (Apple, accuracyAuthorization:
    /// with reduced accuracy the app “can’t use region monitoring”).
    var allowsRegionMonitoring: Bool {
        status == .authorizedAlways && accuracy == .fullAccuracy
    }
}
