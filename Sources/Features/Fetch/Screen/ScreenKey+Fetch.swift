import BackgroundRuntime

extension ScreenKey where Snapshot == FetchSnapshot {
    /// The Fetch tab.
    public static let fetch = ScreenKey("fetch")
}
