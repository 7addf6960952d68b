import BackgroundWire

extension ScreenKey where Snapshot == NewsstandSnapshot {
    /// The Newsstand tab.
    public static let newsstand = ScreenKey("newsstand")
}
