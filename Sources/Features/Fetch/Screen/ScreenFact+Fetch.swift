import BackgroundRuntime

extension ScreenFact where Value == String? {
    /// The earliest the system may fetch next (ISO 8601), as the system plans it now — after
    /// the last fetch's result, and while the app is suspended; nil when it will not.
    public static let nextEarliestFetch = ScreenFact(screen: "fetch", field: "nextEarliestFetch")
}
