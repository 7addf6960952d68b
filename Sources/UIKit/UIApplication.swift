import BackgroundRuntime

/// The running app's handle on the system: Backgrounder's ``Application``, which has
/// UIKit's spellings in this module (`UIApplication.shared`, `applicationState`,
/// `beginBackgroundTask(expirationHandler:)`…).
public typealias UIApplication = Application

extension Application {
    /// The application of the launch whose code runs now, as `UIApplication.shared` is the
    /// process's. Each launch of the app has its own, as each process on iOS has its own.
    ///
    /// - precondition: the caller is the app's code, running on its device (its delegate, its
    ///   screens, its timers and handlers); elsewhere there is no app to answer for.
    public static var shared: UIApplication {
        Application.current(for: "UIApplication.shared")
    }

    /// `UIApplication.State`: active, inactive or background.
    public typealias State = ApplicationState

    /// The interval that asks for background fetches as often as the system allows
    /// (`UIApplication.backgroundFetchIntervalMinimum`).
    public nonisolated static let backgroundFetchIntervalMinimum: TimeInterval = 0

    /// The interval that asks for no background fetches, the default
    /// (`UIApplication.backgroundFetchIntervalNever`).
    public nonisolated static let backgroundFetchIntervalNever: TimeInterval = .greatestFiniteMagnitude

    /// Asks for background fetches no more often than every `minimumBackgroundFetchInterval`
    /// seconds, in UIKit's spelling: ``backgroundFetchIntervalMinimum`` and
    /// ``backgroundFetchIntervalNever`` are the two named values.
    public func setMinimumBackgroundFetchInterval(_ minimumBackgroundFetchInterval: TimeInterval) {
        let interval: BackgroundFetchInterval =
            switch minimumBackgroundFetchInterval {
            case Self.backgroundFetchIntervalNever: .never
            case ...Self.backgroundFetchIntervalMinimum: .minimum
            default: .interval(.seconds(minimumBackgroundFetchInterval))
            }
        setMinimumBackgroundFetchInterval(interval)
    }

    /// The options `application(_:didFinishLaunchingWithOptions:)` gets for this launch: what
    /// brought the app up when it was not the user (a location event, a remote notification).
    public var launchOptions: [LaunchOptionsKey: Any]? {
        switch launchReason {
        case .location: [.location: true]
        case .remoteNotification: [.remoteNotification: [AnyHashable: Any]()]
        case .user, .fetch, .voip, .newsstand, .transfer, .backgroundTask, .notificationAction: nil
        }
    }
}
