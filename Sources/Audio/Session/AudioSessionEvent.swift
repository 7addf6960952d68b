/// What a session tells the players that play through it, on the system's side.
enum AudioSessionEvent: Sendable {
    /// The session went inactive (a call, or the app deactivated it): its audio stops.
    case deactivated
    /// The category changed: audio that may no longer play in the background stops.
    case categoryChanged
    /// The device's audio route changed.
    case routeChanged(AudioRouteChange)
}
