import BackgroundWire

/// The completion handler of a background fetch: call it once, with what the fetch brought.
public typealias BackgroundFetchCompletion = @AppMain @Sendable (BackgroundFetchResult) -> Void
