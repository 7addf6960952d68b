/// How hot the device runs, as `ProcessInfo.thermalState` reports it (iOS 11 and later).
public enum ThermalState: String, Sendable, Codable, CaseIterable {
    case nominal
    case fair
    case serious
    case critical

    /// Whether background work waits until the device cools (Backgrounder's model: serious and
    /// critical).
    package var defersBackgroundWork: Bool { self == .serious || self == .critical }
}
