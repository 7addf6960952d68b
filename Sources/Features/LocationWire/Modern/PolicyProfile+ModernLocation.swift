import BackgroundWire

extension PolicyProfile {
    /// Whether `CLLocationUpdate.liveUpdates()`, `CLBackgroundActivitySession` and `CLMonitor`
    /// exist: iOS 17 and later.
    public var hasModernLocationAPIs: Bool { has(.modernLocation) }

    /// Throws ``LocationError/unavailable(_:)`` naming `api` before iOS 17.
    package func requireModernLocationAPIs(_ api: String) throws(LocationError) {
        guard hasModernLocationAPIs else { throw .unavailable("\(api) \(history(of: .modernLocation)); this is \(name)") }
    }
}
