import BackgroundSystem

extension ScreenFact where Value == AudioRoute {
    /// Where the device's audio goes, which the system publishes at each change.
    public static let audioRoute = ScreenFact(screen: "audio", field: "route")
}

extension ScreenFact where Value == AudioSessionStatus {
    /// The app's audio session: its category and whether it is active.
    public static let audioSession = ScreenFact(screen: "audio", field: "session")
}
