import VoIPWire

extension VoIPStreamEvent {
    /// Whether the service sends this event to end a socket the app's own process owns: the
    /// read-idle timeout, which the service measures (``VoIPService``'s watch).
    var endsOwnedSocket: Bool {
        if case .failed(.idleTimeout) = self { true } else { false }
    }
}
