/// Ends the use of a resource begun with ``Device/beginUsing(_:)``.
public struct EnergyUsageToken: Sendable, Hashable {
    let rawValue: Int
}
