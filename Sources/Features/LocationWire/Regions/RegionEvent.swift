/// What region monitoring tells the app's location managers.
public enum RegionEvent: Sendable, Equatable, Codable {
    /// The device entered the region (`locationManager(_:didEnterRegion:)`).
    case entered(CircularRegion)
    /// The device left the region (`locationManager(_:didExitRegion:)`).
    case exited(CircularRegion)
    /// Where the device is relative to the region (`locationManager(_:didDetermineState:for:)`):
    /// after each crossing, and in answer to ``LocationManager/requestState(for:)``.
    case determined(RegionState, CircularRegion)

    /// The region the event is about.
    public var region: CircularRegion {
        switch self {
        case .entered(let region), .exited(let region), .determined(_, let region): region
        }
    }

    /// The event in the console's words: `entered region Home`.
    package var summary: String {
        switch self {
        case .entered(let region): "entered region \(region.identifier)"
        case .exited(let region): "exited region \(region.identifier)"
        case .determined(let state, let region): "is \(state.rawValue) region \(region.identifier)"
        }
    }
}
