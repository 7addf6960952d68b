/// The accuracy and distance filters of one location manager, applied on the system's side so
/// that a fix the app would not want never wakes it.
public struct LocationFilter: Sendable, Equatable {
    public var accuracy: LocationAccuracy
    public var distance: DistanceFilter
    /// The last fix that passed, which the distance filter measures from.
    public private(set) var lastDelivered: Location?

    public init(accuracy: LocationAccuracy = .best, distance: DistanceFilter = .none) {
        self.accuracy = accuracy
        self.distance = distance
    }

    /// Whether `location` passes: it is valid, no less accurate than asked for, and far enough
    /// from the last fix delivered. A fix that passes becomes the new reference.
    public mutating func admit(_ location: Location) -> Bool {
        guard location.isValid else { return false }
        if let limit = accuracy.meters, location.horizontalAccuracy > limit { return false }
        if let meters = distance.meters, let last = lastDelivered, location.distance(from: last) < meters {
            return false
        }
        lastDelivered = location
        return true
    }
}
