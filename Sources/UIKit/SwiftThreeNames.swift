import BackgroundRuntime

// UIKit's names from Swift 3 (2016), which today's SDK spells as members; code of that era, the
// tutorials', builds with a warning that names today's spelling.

@available(*, deprecated, renamed: "UIBackgroundTaskIdentifier.invalid")
public let UIBackgroundTaskInvalid = UIBackgroundTaskIdentifier.invalid

@available(*, deprecated, renamed: "UIApplication.backgroundFetchIntervalMinimum")
public let UIApplicationBackgroundFetchIntervalMinimum = UIApplication.backgroundFetchIntervalMinimum

@available(*, deprecated, renamed: "UIApplication.backgroundFetchIntervalNever")
public let UIApplicationBackgroundFetchIntervalNever = UIApplication.backgroundFetchIntervalNever

extension NSNotification.Name {
    @available(*, deprecated, renamed: "UIApplication.didBecomeActiveNotification")
    public static let UIApplicationDidBecomeActive = UIApplication.didBecomeActiveNotification
    @available(*, deprecated, renamed: "UIApplication.didEnterBackgroundNotification")
    public static let UIApplicationDidEnterBackground = UIApplication.didEnterBackgroundNotification
    @available(*, deprecated, renamed: "UIApplication.willEnterForegroundNotification")
    public static let UIApplicationWillEnterForeground = UIApplication.willEnterForegroundNotification
    @available(*, deprecated, renamed: "UIApplication.willResignActiveNotification")
    public static let UIApplicationWillResignActive = UIApplication.willResignActiveNotification
}
