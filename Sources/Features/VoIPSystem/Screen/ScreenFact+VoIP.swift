import BackgroundSystem
import VoIPWire

extension ScreenFact where Value == VoIPConnectionStatus {
    /// The VoIP socket's state and counters, which the system publishes at each change.
    public static let voipConnection = ScreenFact(screen: "voip", field: "connection")
}
