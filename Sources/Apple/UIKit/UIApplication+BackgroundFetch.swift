import BackgroundRuntime

extension UIApplication {
    /// The interval that asks for background fetches as often as the system allows
    /// (`UIApplication.backgroundFetchIntervalMinimum`).
    public nonisolated static let backgroundFetchIntervalMinimum: TimeInterval = 0

    /// The interval that asks for no background fetches, the default
    /// (`UIApplication.backgroundFetchIntervalNever`).
    public nonisolated static let backgroundFetchIntervalNever: TimeInterval = .greatestFiniteMagnitude

    /// Asks for background fetches no more often than every `minimumBackgroundFetchInterval`
    /// seconds: ``backgroundFetchIntervalMinimum`` and ``backgroundFetchIntervalNever`` are the
    /// two named values.
    public func setMinimumBackgroundFetchInterval(_ minimumBackgroundFetchInterval: TimeInterval) {
        let interval: BackgroundFetchInterval =
            switch minimumBackgroundFetchInterval {
            case Self.backgroundFetchIntervalNever: .never
            case ...Self.backgroundFetchIntervalMinimum: .minimum
            default: .interval(.seconds(minimumBackgroundFetchInterval))
            }
        AppMain.assumeIsolated { launch.setMinimumBackgroundFetchInterval(interval) }
    }

    /// Whether the user lets the app refresh in the background.
    public var backgroundRefreshStatus: UIBackgroundRefreshStatus {
        AppMain.assumeIsolated { launch.backgroundRefreshStatus }
    }
}
