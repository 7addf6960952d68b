import AudioWire

/// What a session tells the services that use it, on the system's side, in order: the
/// ``AudioService`` (which tells the app) first, then the player.
enum AudioSessionEvent: Sendable {
    /// A call interrupted the active session, or the call that did ended.
    case interrupted(AudioInterruption)
    /// The session went inactive (a call, or the app deactivated it): its audio stops.
    case deactivated
    /// The category changed: audio that may no longer play in the background stops.
    case categoryChanged
    /// The device's audio route changed.
    case routeChanged(AudioRouteChange)
    /// The media server restarted: the session is back to its defaults.
    case mediaServicesWereReset
}
