/// What happens at a ``VoIPPeer``.
public enum VoIPPeerEvent: Sendable, Equatable {
    /// A client connected, from this address.
    case connected(String)
    /// A client sent a line (control characters escaped).
    case received(String)
    /// A client's line was not a line: too long, or not UTF-8.
    case rejected(String)
    /// A client went away.
    case disconnected(String)
}
