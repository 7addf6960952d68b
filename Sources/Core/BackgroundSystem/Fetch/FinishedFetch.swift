import BackgroundWire

/// How a fetch ended.
enum FinishedFetch: Sendable, Equatable {
    case completed(BackgroundFetchResult)
    case ranOutOfTime
}
