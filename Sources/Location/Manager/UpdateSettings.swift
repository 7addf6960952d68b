/// How one ``LocationManager`` wants its updates: what the service needs to know of its
/// properties.
struct UpdateSettings: Sendable, Equatable, Codable {
    var accuracy = LocationAccuracy.best
    var distance = DistanceFilter.none
    var allowsBackgroundUpdates = false
    var showsBackgroundIndicator = false
    var pausesAutomatically = true
    var activityType = ActivityType.other
}
