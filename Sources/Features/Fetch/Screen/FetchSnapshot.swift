import BackgroundRuntime
import Foundation

/// What the Fetch screen shows, as `status` reports it under `screens.fetch`; beside it the
/// system's own ``ScreenFact/nextEarliestFetch``.
public struct FetchSnapshot: ScreenSnapshot, Equatable {
    /// The label: "Not yet updated", or the time of the last update.
    public var label: String
    /// When the last fetch ended (ISO 8601), whatever it brought; nil before the first.
    @ExplicitNull public var lastFetch: String?
    /// What the last fetch brought: newData, noData or failed.
    @ExplicitNull public var lastResult: BackgroundFetchResult?
    /// What a fetch gets: "the current time", or the URL given with `--fetch-url`.
    public var source: String
}
