import BackgroundWire

/// What the system knows of the device's memory: the other apps in it, and the footprint the
/// app was last declared or measured to have.
struct MemoryState: Sendable, Equatable {
    /// The other apps in memory, in the order they came.
    var residentApps: [ResidentApp] = []
    /// The app's footprint in bytes, as last declared (`device memory-pressure … FOOTPRINT_MB`)
    /// or measured (its own process); nil while unknown.
    var footprint: Int?
    /// Whether ``footprint`` was measured from the app's own process rather than declared.
    var footprintMeasured = false
}
