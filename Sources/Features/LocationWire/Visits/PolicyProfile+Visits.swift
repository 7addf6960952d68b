import BackgroundWire

extension PolicyProfile {
    /// Why the visits service cannot start in this era, if it cannot: it came with iOS 8.
    package var visitsUnavailable: LocationError? {
        iOSVersion >= 8 ? nil : .unavailable("the visits service came with iOS 8; this is \(name)")
    }
}
