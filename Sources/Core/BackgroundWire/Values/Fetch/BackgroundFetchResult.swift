/// What a background fetch brought, as the app tells the system through the completion handler
/// (`UIBackgroundFetchResult`). The system uses it to time later fetches: see `FetchScheduler`.
public enum BackgroundFetchResult: String, Sendable, Codable, CaseIterable {
    /// New content arrived.
    case newData
    /// Nothing had changed.
    case noData
    /// The fetch failed.
    case failed
}
