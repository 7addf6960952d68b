import LocationWire

/// The distance filter of one location manager, applied on the system's side so that a fix the
/// app would not want never wakes it.
///
/// Accuracy filters nothing: Core Location "does its best to achieve the requested accuracy;
/// however, apps must be prepared to use less accurate data" (Apple, `desiredAccuracy`), so a
/// fix coarser than ``LocationManager/desiredAccuracy`` is delivered all the same.
public struct LocationFilter: Sendable, Equatable {
    public var distance: DistanceFilter
    /// The last fix that passed, which the distance filter measures from.
    public private(set) var lastDelivered: Location?

    public init(distance: DistanceFilter = .none) {
        self.distance = distance
    }

    /// Whether `location` passes: it is valid and far enough from the last fix delivered. A fix
    /// that passes becomes the new reference.
    public mutating func admit(_ location: Location) -> Bool {
        guard location.isValid else { return false }
        if let meters = distance.meters, let last = lastDelivered, location.distance(from: last) < meters {
            return false
        }
        lastDelivered = location
        return true
    }
}
