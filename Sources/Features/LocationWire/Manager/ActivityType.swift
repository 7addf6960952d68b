/// What the user does while the app follows the location, like `CLActivityType`: Core Location's
/// cue for when it may pause updates (``LocationManager/pausesLocationUpdatesAutomatically``).
public enum ActivityType: String, Sendable, Codable, CaseIterable {
    /// Unspecified (the default).
    case other
    /// Driving, following a road network.
    case automotiveNavigation
    /// A dedicated workout: walking, running, cycling.
    case fitness
    /// Movement off the road network: boats, trains, pedestrian navigation.
    case otherNavigation
    /// Flying (iOS 12 and later).
    case airborne
}
