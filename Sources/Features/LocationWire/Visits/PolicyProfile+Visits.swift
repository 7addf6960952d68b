import BackgroundWire

extension PolicyProfile {
    /// Why the visits service cannot start in this era, if it cannot: it came with iOS 8.
    package var visitsUnavailable: LocationError? {
        has(.visits) ? nil : .unavailable("\(absence(of: .visits)); this is \(name)")
    }
}
