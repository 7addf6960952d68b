/// The table: each API with the iOS version it came with (and went), and where that is written.
extension AvailableAPI {
    /// `setKeepAliveTimeout(_:handler:)` and VoIP-marked sockets.
    public static let keepAliveSockets = AvailableAPI(
        "setKeepAliveTimeout(_:handler:)", introduced: "4", removed: 10,
        source: "Apple's documentation of setKeepAliveTimeout(_:handler:), iOS 4.0; deprecated with the iOS 9 SDK and "
            + "disabled for apps linked with the iOS 10 SDK (Technical Q&A QA1938)")
    /// Newsstand Kit (`NKLibrary`, `NKAssetDownload`).
    public static let newsstand = AvailableAPI(
        "Newsstand Kit", introduced: "5", removed: 17,
        source: "Apple's documentation of NKLibrary, iOS 5.0, deprecated in iOS 13; an app linked against it crashes "
            + "at launch from iOS 17")
    /// `setMinimumBackgroundFetchInterval(_:)` and `application(_:performFetchWithCompletionHandler:)`.
    public static let backgroundFetch = AvailableAPI(
        "background fetch", introduced: "7",
        source: "Apple's documentation of setMinimumBackgroundFetchInterval(_:), iOS 7.0")
    /// BackgroundTasks' `BGTaskScheduler`, `BGAppRefreshTask` and `BGProcessingTask`.
    public static let backgroundTaskScheduler = AvailableAPI(
        "BGTaskScheduler", introduced: "13", source: "Apple's documentation of BGTaskScheduler, iOS 13.0")
    /// `BGContinuedProcessingTask`.
    public static let continuedProcessingTasks = AvailableAPI(
        "BGContinuedProcessingTask", introduced: "26", source: "Apple's documentation of BGContinuedProcessingTask, iOS 26.0")
    /// `ProcessInfo.performExpiringActivity(withReason:using:)`.
    public static let expiringActivities = AvailableAPI(
        "performExpiringActivity(withReason:using:)", introduced: "8.2",
        source: "Apple's documentation of performExpiringActivity(withReason:using:), iOS 8.2 (iOS 8.2 API diffs)")
    /// Background `URLSession`s, which nsurlsessiond carries on while the app is suspended.
    public static let backgroundSessions = AvailableAPI(
        "background sessions", introduced: "7",
        source: "Apple's documentation of URLSessionConfiguration's backgroundSessionConfiguration(_:), iOS 7.0")
    /// `NSURLErrorBackgroundTaskCancelledReasonKey` in a background session's errors.
    public static let backgroundTaskCancelledReason = AvailableAPI(
        "the reason key", introduced: "8", source: "Apple's documentation of NSURLErrorBackgroundTaskCancelledReasonKey, iOS 8.0")
    /// The `remote-notification` background mode: pushes that launch or wake the app.
    public static let remoteNotificationBackgroundMode = AvailableAPI(
        "remote-notification", introduced: "7",
        source: "Apple's documentation of application(_:didReceiveRemoteNotification:fetchCompletionHandler:), iOS 7.0")
    /// PushKit's `PKPushRegistry` and VoIP pushes.
    public static let pushKit = AvailableAPI("PushKit", introduced: "8", source: "Apple's documentation of PKPushRegistry, iOS 8.0")
    /// UserNotifications' `UNUserNotificationCenter`.
    public static let userNotifications = AvailableAPI(
        "UserNotifications", introduced: "10", source: "Apple's documentation of UNUserNotificationCenter, iOS 10.0")
    /// Custom notification actions and categories.
    public static let notificationActions = AvailableAPI(
        "custom notification actions", introduced: "8", source: "Apple's documentation of UIUserNotificationAction, iOS 8.0")
    /// Notification Service Extensions, which change a `mutable-content` push before it shows.
    public static let notificationServiceExtensions = AvailableAPI(
        "Notification Service Extensions", introduced: "10",
        source: "Apple's documentation of UNNotificationServiceExtension, iOS 10.0")
    /// Provisional authorization: quiet notifications without asking.
    public static let provisionalNotifications = AvailableAPI(
        "provisional authorization", introduced: "12", source: "Apple's documentation of UNAuthorizationOptions.provisional, iOS 12.0")
    /// Interruption levels (passive, active, time-sensitive, critical) and Focus.
    public static let interruptionLevels = AvailableAPI(
        "interruption levels", introduced: "15", source: "Apple's documentation of UNNotificationInterruptionLevel, iOS 15.0")
    /// The Scheduled Summary of notifications.
    public static let scheduledSummary = AvailableAPI(
        "the Scheduled Summary", introduced: "15", source: "Apple's documentation of UNNotificationSettings.scheduledDeliverySetting, iOS 15.0")
    /// Do Not Disturb.
    public static let doNotDisturb = AvailableAPI(
        "Do Not Disturb", introduced: "6", source: "Apple's iOS 6 release: Do Not Disturb in Settings")
    /// Low Power Mode (`isLowPowerModeEnabled`).
    public static let lowPowerMode = AvailableAPI(
        "Low Power Mode", introduced: "9", source: "Apple's documentation of ProcessInfo.isLowPowerModeEnabled, iOS 9.0")
    /// `ProcessInfo.thermalState`.
    public static let thermalState = AvailableAPI(
        "the thermal state", introduced: "11", source: "Apple's documentation of ProcessInfo.thermalState, iOS 11.0")
    /// Scenes (`UIScene`, the scene manifest).
    public static let scenes = AvailableAPI("Scenes", introduced: "13", source: "Apple's documentation of UIScene, iOS 13.0")
    /// Prewarming: the system starts an app's process before the user opens it.
    public static let prewarming = AvailableAPI(
        "prewarming", introduced: "15",
        source: "Apple's \"About the app launch sequence\": prewarming in iOS 15 and later")
    /// CallKit (`CXProvider`).
    public static let callKit = AvailableAPI("CallKit", introduced: "10", source: "Apple's documentation of CXProvider, iOS 10.0")
    /// The incoming call shown as a banner over the app on screen.
    public static let incomingCallBanner = AvailableAPI(
        "the incoming-call banner", introduced: "14", source: "Apple's iOS 14 release: incoming calls as a banner")
    /// MetricKit's `MXMetricManager`.
    public static let metricKit = AvailableAPI("MetricKit", introduced: "13", source: "Apple's documentation of MXMetricManager, iOS 13.0")
    /// MetricKit's exit counts (`MXAppExitMetric`).
    public static let appExitMetrics = AvailableAPI(
        "MXAppExitMetric", introduced: "14", source: "Apple's documentation of MXAppExitMetric, iOS 14.0")
    /// The visits service (`CLVisit`).
    public static let visits = AvailableAPI("the visits service", introduced: "8", source: "Apple's documentation of CLVisit, iOS 8.0")
    /// Precise and approximate location (`accuracyAuthorization`).
    public static let preciseLocation = AvailableAPI(
        "Precise Location", introduced: "14", source: "Apple's documentation of CLLocationManager.accuracyAuthorization, iOS 14.0")
    /// `CLLocationUpdate.liveUpdates()`, `CLMonitor` and `CLBackgroundActivitySession`.
    public static let modernLocation = AvailableAPI(
        "CLLocationUpdate, CLMonitor and CLBackgroundActivitySession", introduced: "17",
        source: "Apple's documentation of CLLocationUpdate, CLMonitor and CLBackgroundActivitySession, iOS 17.0")

    /// Every entry of the table.
    public static let all: [AvailableAPI] = [
        keepAliveSockets, newsstand, backgroundFetch, backgroundTaskScheduler, continuedProcessingTasks, expiringActivities,
        backgroundSessions, backgroundTaskCancelledReason, remoteNotificationBackgroundMode, pushKit, userNotifications,
        notificationActions, notificationServiceExtensions, provisionalNotifications, interruptionLevels, scheduledSummary,
        doNotDisturb, lowPowerMode, thermalState, scenes, prewarming, callKit, incomingCallBanner, metricKit, appExitMetrics,
        visits, preciseLocation, modernLocation,
    ]
}
