import Location

/// Where the device is relative to a region: the runtime's ``RegionState``.
public enum CLRegionState: Int, Sendable {
    case unknown = 0
    case inside = 1
    case outside = 2

    init(_ state: RegionState) {
        self = switch state {
        case .unknown: .unknown
        case .inside: .inside
        case .outside: .outside
        }
    }
}
