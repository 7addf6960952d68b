import BackgroundRuntime

// UIKit's names from Swift 3 (2016), kept by Swift 4.0 and 4.1 (2017–2018), which today's SDK
// spells as members; code of that era, the tutorials', builds with a warning that names today's
// spelling.

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
    // Also Swift 4.0 and 4.1's (2017–2018), until Swift 4.2 nested them in UIApplication.
    @available(*, deprecated, renamed: "UIApplication.willTerminateNotification")
    public static let UIApplicationWillTerminate = UIApplication.willTerminateNotification
    @available(*, deprecated, renamed: "UIApplication.didFinishLaunchingNotification")
    public static let UIApplicationDidFinishLaunching = UIApplication.didFinishLaunchingNotification
    @available(*, deprecated, renamed: "UIApplication.didReceiveMemoryWarningNotification")
    public static let UIApplicationDidReceiveMemoryWarning = UIApplication.didReceiveMemoryWarningNotification
    @available(*, deprecated, renamed: "UIApplication.backgroundRefreshStatusDidChangeNotification")
    public static let UIApplicationBackgroundRefreshStatusDidChange = UIApplication.backgroundRefreshStatusDidChangeNotification
    @available(*, deprecated, renamed: "UIApplication.protectedDataWillBecomeUnavailableNotification")
    public static let UIApplicationProtectedDataWillBecomeUnavailable = UIApplication.protectedDataWillBecomeUnavailableNotification
    @available(*, deprecated, renamed: "UIApplication.protectedDataDidBecomeAvailableNotification")
    public static let UIApplicationProtectedDataDidBecomeAvailable = UIApplication.protectedDataDidBecomeAvailableNotification
}
