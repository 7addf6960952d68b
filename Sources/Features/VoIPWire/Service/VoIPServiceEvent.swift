
/// What the ``VoIPService`` sends the app's ``VoIPSocket``.
package enum VoIPServiceEvent: Codable, Sendable, Equatable {
    /// Events of the connection the service reads for the app (the app in the system's
    /// process), and of connecting (failures) in either isolation.
    case events(VoIPEventBatch)
    /// Session `session`'s connection is open and the app's own process owns it from now on: its
    /// descriptor comes beside the event, and the app reads and writes it itself.
    case socket(session: Int, endpoint: VoIPEndpoint, lineLimit: Int)
    /// The counters where the app's process counts the lines and bytes it reads and writes on
    /// session `session`'s socket (``SocketTraffic``), for the system's `status`: their descriptor comes
    /// beside the event, just before the socket's.
    case trafficCounters(session: Int)
    /// Session `session`'s socket, which the app's process owns, became readable (data, or its
    /// end) while the app was suspended: the app reads it now, before it is suspended again.
    case readable(session: Int)
}
