/// The numbers and APIs of background execution in one era of iOS, kept as data in this one file.
///
/// The finite-task budget is the one that changed most: "usually, you get 10 minutes" in the
/// iOS 4–6 tutorial, "you get three minutes" in the iOS 7–12 one, and about 30 seconds from
/// iOS 13. The default is iOS 10, the era of the Swift tutorial.
///
/// Whether an API exists in the era (its `has…` values, and ``has(_:)``) is read from one table,
/// ``AvailableAPI``; the versions in their descriptions below are that table's.
public struct PolicyProfile: Sendable, Equatable, Codable {
    /// The iOS major version this profile stands for.
    public let iOSVersion: Int
    /// Background time shared by all task assertions once the app is in the background.
    public let finiteTaskBudget: Duration
    /// How long after didEnterBackground is delivered the app is suspended even if its handler
    /// has not returned.
    public let didEnterBackgroundGrace: Duration
    /// How long before the budget ends the expiration handlers run.
    public let expirationLeadTime: Duration
    /// How long a background fetch (or a BGAppRefreshTask) may run.
    public let fetchBudget: Duration
    /// How long a BGProcessingTask may run before its expiration handler is called.
    public let processingTaskBudget: Duration
    /// The shortest interval `setKeepAliveTimeout(_:handler:)` accepts.
    public let keepAliveMinimum: Duration
    /// How long the keep-alive handler may run before the app is suspended again.
    public let keepAliveHandlerLimit: Duration
    /// Whether `setKeepAliveTimeout(_:handler:)` and VoIP-marked sockets exist: iOS 4–9
    /// (deprecated with the iOS 9 SDK, disabled for apps linked with the iOS 10 SDK, QA1938).
    public let hasKeepAliveSockets: Bool
    /// Whether Newsstand Kit exists: iOS 5–16 (deprecated in the iOS 13 SDK, removed in iOS 17;
    /// the Newsstand app itself went away in iOS 9).
    public let hasNewsstand: Bool
    /// Whether `setMinimumBackgroundFetchInterval` and performFetch exist (iOS 7 and later).
    public let hasBackgroundFetch: Bool
    /// Whether `BGTaskScheduler` exists (iOS 13 and later).
    public let hasBackgroundTaskScheduler: Bool
    /// Whether posting notifications needs the user's permission (iOS 8 and later).
    public let needsNotificationAuthorization: Bool
    /// Whether notifications have categories of custom actions, which may run the app in the
    /// background (iOS 8 and later: `UIUserNotificationAction`, then `UNNotificationAction`).
    public let hasNotificationActions: Bool
    /// Whether an app's Notification Service Extension may change a push's content before it
    /// shows (iOS 10 and later: `UNNotificationServiceExtension`).
    public let hasNotificationServiceExtensions: Bool
    /// Whether the app may ask for a provisional permission, which posts quietly without asking
    /// the user (`UNAuthorizationOptions.provisional`, iOS 12 and later).
    public let hasProvisionalNotifications: Bool
    /// Whether Do Not Disturb (iOS 6–14), then Focus (iOS 15 and later), can hold notifications.
    public let hasDoNotDisturb: Bool
    /// Whether notifications have an interruption level — passive, active, time sensitive,
    /// critical — that a Focus lets through or not, and the app's notifications can be delivered
    /// in the Scheduled Summary (iOS 15 and later).
    public let hasInterruptionLevels: Bool
    /// Whether the app hears of a notification presented while it is active through
    /// `willPresent` and decides on the banner (iOS 10 and later); before, it only got
    /// `didReceiveLocalNotification` and no banner showed.
    public let presentsNotificationsThroughTheApp: Bool
    /// Whether Low Power Mode exists (iOS 9 and later).
    public let hasLowPowerMode: Bool
    /// Whether `remote-notification` in UIBackgroundModes lets background pushes wake the app
    /// (iOS 7 and later); before, only Newsstand apps were woken by pushes.
    public let hasRemoteNotificationBackgroundMode: Bool
    /// Whether PushKit's VoIP pushes exist (iOS 8 and later).
    public let hasPushKit: Bool
    /// Whether `ProcessInfo.performExpiringActivity(withReason:using:)` exists (iOS 8.2 and later;
    /// the iOS 8 profile stands for 8.2).
    public let hasExpiringActivities: Bool
    /// Whether a VoIP push must be reported to CallKit before its handler completes, or the
    /// app is terminated (iOS 13 and later).
    public let voipPushesNeedCallKit: Bool
    /// Whether `ProcessInfo.thermalState` exists (iOS 11 and later).
    public let hasThermalState: Bool
    /// Whether background URL sessions exist (`URLSessionConfiguration.background(withIdentifier:)`,
    /// iOS 7 and later).
    public let hasBackgroundSessions: Bool
    /// Whether a transfer the system cancelled says why under
    /// `NSURLErrorBackgroundTaskCancelledReasonKey` (iOS 8 and later).
    public let hasBackgroundTaskCancelledReason: Bool
    /// The resume rate limiter's first delay, doubled at each resume or launch for a background
    /// session's events. Backgrounder's model: Apple documents the doubling delay but not its
    /// start; 60 s is what developers measured on iOS 12.
    public let transferResumeDelay: Duration
    /// Whether `BGContinuedProcessingTask` exists (iOS 26 and later).
    public let hasContinuedProcessingTasks: Bool
    /// How many continued processing tasks run at once; more wait in the queue or fail.
    /// Backgrounder's model: Apple names "the maximum level of concurrent tasks" but not its value.
    public let continuedProcessingTaskLimit: Int
    /// How long a continued processing task may go without reporting progress before the system
    /// expires it. Backgrounder's model: Apple says tasks with no progress are terminated first,
    /// not after how long.
    public let continuedProcessingProgressTimeout: Duration

    /// Whether an incoming call can show as a banner that leaves the app on screen active
    /// (iOS 14 and later; Settings ▸ Phone ▸ Incoming Calls: Banner or Full Screen).
    public let hasIncomingCallBanner: Bool
    /// Whether `UIApplicationExitsOnSuspend` makes an app terminate instead of moving to the
    /// background (iOS 4–12; deprecated in iOS 13, when the system stopped honoring it).
    public let honorsExitsOnSuspend: Bool
    /// Whether an app the user swiped away is relaunched for location events — region crossings,
    /// significant changes — only when the user opens it again: iOS 7.0, fixed in 7.1. The iOS 7
    /// profile stands for 7.0 here (Backgrounder's model; rule force-quit-stops-location-launches-in-ios-7-0).
    public let forceQuitStopsLocationLaunches: Bool
    /// Whether the system may prewarm the app, running its launch sequence up to
    /// `UIApplicationMain` before the user opens it (iOS 15 and later).
    public let hasPrewarming: Bool
    /// Whether an app whose Info.plist has `UIApplicationSceneManifest` gets the scene-based
    /// life cycle (iOS 13 and later; before, the manifest is ignored).
    public let hasScenes: Bool
    /// Whether locking the screen sends the app on it to the background (iOS 5 and later,
    /// App Programming Guide for iOS: the Sleep/Wake button “moves the app to the background”);
    /// on iOS 4 the app only resigned active (Backgrounder's model, from developers' reports).
    public let lockSendsTheAppToTheBackground: Bool
    /// Whether an app terminated for overrunning its background task leaves a crash report
    /// (`0x8badf00d`, “has active assertions beyond permitted time”): through iOS 12. From iOS 13
    /// it leaves none (WWDC 2020, “Why is my app getting killed?”); from iOS 14 MetricKit counts the exit.
    public let overrunTasksLeaveCrashReports: Bool
    /// Whether MetricKit counts the app's exits, on screen and off (`MXAppExitMetric`,
    /// `MXForegroundExitData`, `MXBackgroundExitData`: iOS 14 and later).
    public let hasAppExitMetrics: Bool
    /// How the era words an app held in the background beyond its time: SpringBoard's
    /// assertions (iOS 4–5), BackBoard's (6–12), RunningBoard's console (13 and later).
    public let assertionReportStyle: AssertionReportStyle

    /// The share of one CPU an app may use in the background, over ``backgroundCPUWindow``,
    /// before the system kills it (`cpu_resource_fatal`: “exceeding limit of 80% cpu over 60
    /// seconds”, as crash reports on Apple's developer forums show it).
    public let backgroundCPULimit: Double
    /// The window of ``backgroundCPULimit``.
    public let backgroundCPUWindow: Duration

    /// How long after the screen locks the class key of complete protection is discarded:
    /// 10 s with Require Password: Immediately (Apple Platform Security, "Data Protection classes").
    public let protectedDataLockDelay: Duration
    /// The Data Protection classes a file can have: complete and none from iOS 4,
    /// completeUnlessOpen and completeUntilFirstUserAuthentication from iOS 5.
    public let fileProtections: Set<FileProtection>
    /// The class of a file written without one: completeUntilFirstUserAuthentication from iOS 7
    /// (the default for third-party apps), none before.
    public let defaultFileProtection: FileProtection

    /// The oldest and newest versions with a profile.
    public static let supportedVersions: ClosedRange<Int> = 4...26

    /// The profile of the Swift tutorial's era, used when nothing else is asked for.
    public static let `default` = PolicyProfile(iOS: 10)!

    /// The profile for iOS `version`, or nil for a version outside ``supportedVersions``.
    public init?(iOS version: Int) {
        guard Self.supportedVersions.contains(version) else { return nil }
        iOSVersion = version
        finiteTaskBudget = switch version {
        case ...6: .seconds(600)
        case 7...12: .seconds(180)
        default: .seconds(30)
        }
        didEnterBackgroundGrace = .seconds(5)
        expirationLeadTime = .seconds(5)
        fetchBudget = .seconds(30)
        processingTaskBudget = .seconds(300)
        keepAliveMinimum = .seconds(600)
        keepAliveHandlerLimit = .seconds(10)
        hasKeepAliveSockets = AvailableAPI.keepAliveSockets.exists(inIOS: version)
        hasNewsstand = AvailableAPI.newsstand.exists(inIOS: version)
        hasBackgroundFetch = AvailableAPI.backgroundFetch.exists(inIOS: version)
        hasBackgroundTaskScheduler = AvailableAPI.backgroundTaskScheduler.exists(inIOS: version)
        needsNotificationAuthorization = version >= 8
        hasNotificationActions = AvailableAPI.notificationActions.exists(inIOS: version)
        hasNotificationServiceExtensions = AvailableAPI.notificationServiceExtensions.exists(inIOS: version)
        presentsNotificationsThroughTheApp = version >= 10
        hasProvisionalNotifications = AvailableAPI.provisionalNotifications.exists(inIOS: version)
        hasDoNotDisturb = AvailableAPI.doNotDisturb.exists(inIOS: version)
        hasInterruptionLevels = AvailableAPI.interruptionLevels.exists(inIOS: version)
        hasLowPowerMode = AvailableAPI.lowPowerMode.exists(inIOS: version)
        hasRemoteNotificationBackgroundMode = AvailableAPI.remoteNotificationBackgroundMode.exists(inIOS: version)
        hasPushKit = AvailableAPI.pushKit.exists(inIOS: version)
        hasExpiringActivities = AvailableAPI.expiringActivities.exists(inIOS: version)
        voipPushesNeedCallKit = version >= 13
        hasThermalState = AvailableAPI.thermalState.exists(inIOS: version)
        hasBackgroundSessions = AvailableAPI.backgroundSessions.exists(inIOS: version)
        hasBackgroundTaskCancelledReason = AvailableAPI.backgroundTaskCancelledReason.exists(inIOS: version)
        transferResumeDelay = .seconds(60)
        hasContinuedProcessingTasks = AvailableAPI.continuedProcessingTasks.exists(inIOS: version)
        continuedProcessingTaskLimit = 2
        continuedProcessingProgressTimeout = .seconds(60)
        overrunTasksLeaveCrashReports = version <= 12
        hasAppExitMetrics = AvailableAPI.appExitMetrics.exists(inIOS: version)
        assertionReportStyle = AssertionReportStyle(iOS: version)
        hasIncomingCallBanner = AvailableAPI.incomingCallBanner.exists(inIOS: version)
        hasScenes = AvailableAPI.scenes.exists(inIOS: version)
        hasPrewarming = AvailableAPI.prewarming.exists(inIOS: version)
        honorsExitsOnSuspend = version <= 12
        forceQuitStopsLocationLaunches = version == 7
        lockSendsTheAppToTheBackground = version >= 5
        backgroundCPULimit = 0.8
        backgroundCPUWindow = .seconds(60)
        protectedDataLockDelay = .seconds(10)
        fileProtections = version >= 5 ? Set(FileProtection.allCases) : [.complete, .none]
        defaultFileProtection = version >= 7 ? .completeUntilFirstUserAuthentication : .none
    }

    /// The name shown in `status` and the web UI, e.g. "iOS 10".
    public var name: String { "iOS \(iOSVersion)" }
}
