/// How often the app asks to be fetched, for `Application/setMinimumBackgroundFetchInterval(_:)`.
public enum BackgroundFetchInterval: Sendable, Equatable, Codable, CustomStringConvertible {
    /// No background fetches: the default, and what an app sets when it no longer needs them
    /// (`UIApplicationBackgroundFetchIntervalNever`).
    case never
    /// As often as the system allows (`UIApplicationBackgroundFetchIntervalMinimum`).
    case minimum
    /// No more often than once per this interval.
    case interval(Duration)

    public var description: String {
        switch self {
        case .never: "never"
        case .minimum: "minimum"
        case .interval(let duration): "\(duration.secondsText) s"
        }
    }
}
