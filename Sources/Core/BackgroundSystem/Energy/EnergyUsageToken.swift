import BackgroundWire

/// Ends the use of a resource begun with ``DeviceEnergy/beginUsing(_:)``.
public struct EnergyUsageToken: Sendable, Hashable {
    let rawValue: Int
}
