/// Where the device is relative to a region, like `CLRegionState`.
public enum RegionState: String, Sendable, Codable, CaseIterable {
    /// Not known yet: no fix since the region has been watched.
    case unknown
    /// The device is inside the region.
    case inside
    /// The device is outside the region.
    case outside
}
