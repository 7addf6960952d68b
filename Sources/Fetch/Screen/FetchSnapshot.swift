import BackgroundRuntime
import Foundation

/// What the Fetch screen shows, as `status` reports it under `screens.fetch`.
public struct FetchSnapshot: ScreenSnapshot {
    /// The label: "Not yet updated", or the time of the last update.
    public let label: String
    /// When the last fetch ended (ISO 8601), whatever it brought; nil before the first.
    public let lastFetch: String?
    /// What the last fetch brought: newData, noData or failed.
    public let lastResult: BackgroundFetchResult?
    /// The system's schedule, which `status` reads when it is asked.
    let schedule: BackgroundFetchSchedule
    /// The earliest the system may fetch next (ISO 8601), as the system plans it now (after the
    /// last fetch's result, and while the app is suspended); nil when it will not.
    public var nextEarliestFetch: String? { schedule.nextEarliestFetch?.formatted(.iso8601) }
    /// What a fetch gets: "the current time", or the URL given with `--fetch-url`.
    public let source: String

    private enum CodingKeys: String, CodingKey {
        case label, lastFetch, lastResult, nextEarliestFetch, source
    }

    /// Encodes every key, with `null` for an absent value, so that scripts always find it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try container.encode(lastFetch, forKey: .lastFetch)
        try container.encode(lastResult, forKey: .lastResult)
        try container.encode(nextEarliestFetch, forKey: .nextEarliestFetch)
        try container.encode(source, forKey: .source)
    }
}
