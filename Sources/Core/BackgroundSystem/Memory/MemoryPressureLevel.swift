import BackgroundWire

/// How short of memory the device runs (`device memory-pressure [warning|critical]`).
public enum MemoryPressureLevel: String, Sendable, Codable, CaseIterable {
    /// Jetsam ends suspended apps, and running apps are warned (rule jetsam-ends-suspended-apps).
    case warning
    /// The warnings did not free enough: jetsam goes on to apps running in the background, by
    /// priority and footprint (rule jetsam-ends-background-apps).
    case critical
}
