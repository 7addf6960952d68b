import BackgroundWire

extension ScreenKey where Snapshot == VoIPSnapshot {
    /// The VoIP tab.
    public static let voip = ScreenKey("voip")
}
