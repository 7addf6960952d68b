/// How one ``LocationManager`` wants its updates: what the service needs to know of its
/// properties.
package struct UpdateSettings: Sendable, Equatable, Codable {
    package var accuracy: LocationAccuracy
    package var distance: DistanceFilter
    package var allowsBackgroundUpdates: Bool
    package var showsBackgroundIndicator: Bool
    package var pausesAutomatically: Bool
    package var activityType: ActivityType

    package init(
        accuracy: LocationAccuracy = .best, distance: DistanceFilter = .none, allowsBackgroundUpdates: Bool = false,
        showsBackgroundIndicator: Bool = false, pausesAutomatically: Bool = true, activityType: ActivityType = .other
    ) {
        self.accuracy = accuracy
        self.distance = distance
        self.allowsBackgroundUpdates = allowsBackgroundUpdates
        self.showsBackgroundIndicator = showsBackgroundIndicator
        self.pausesAutomatically = pausesAutomatically
        self.activityType = activityType
    }
}
