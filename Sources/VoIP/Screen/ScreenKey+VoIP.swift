import BackgroundRuntime

extension ScreenKey where Snapshot == VoIPSnapshot {
    /// The VoIP tab.
    public static let voip = ScreenKey("voip")
}

extension ScreenFact where Value == VoIPConnectionStatus {
    /// The VoIP socket's state and counters, which the system publishes at each change.
    public static let voipConnection = ScreenFact(screen: "voip", field: "connection")
}
