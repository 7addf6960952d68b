import BackgroundRuntime

/// The app's delegate with UIKit's method signatures: what an iOS app's `AppDelegate` conforms
/// to. The system calls it on the app's main executor, as UIKit calls it on the main thread.
///
/// It is an ``ApplicationDelegate``, so a device runs it as it runs any app. The lifecycle
/// methods (`applicationDidEnterBackground(_:)`…) are ApplicationDelegate's own, which already
/// have UIKit's signatures; the methods below are the ones whose UIKit types differ, and the
/// runtime's calls reach them through ``ApplicationDelegateRelay`` and this module's extension.
/// Every method has a default: a missing fetch or remote-notification handler is reported, as
/// it is for any delegate.
///
/// Like UIKit's, it is `@preconcurrency`: code written before Swift's concurrency checking (in
/// the Swift 5 language mode) builds with warnings where it crosses isolation, as it does
/// against Apple's SDK.
@preconcurrency @AppMain
public protocol UIApplicationDelegate: ApplicationDelegateRelay {
    /// The app's window, if it has one: once the app has finished launching it is made key and
    /// visible, so its root view controller's view loads, as UIKit does for a storyboard's window.
    var window: UIWindow? { get }
    /// The app is launching; the state it restores comes next. Return false to refuse a URL.
    func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    /// The app has launched: register background task handlers and set the fetch interval here.
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    /// The system fetches the app in the background: fetch, then call `completionHandler` once.
    func application(
        _ application: UIApplication,
        performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)
    /// A remote notification arrived; call `completionHandler` once, within about 30 s.
    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)
    /// Background session `identifier`'s transfers ended while the app was not running: make the
    /// session again, keep `completionHandler` and call it after `urlSessionDidFinishEvents`.
    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void)
    /// The app is registered for remote notifications: `deviceToken` is what its provider sends to.
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
    /// The app could not be registered for remote notifications.
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)
    /// iOS 13, an app with a scene manifest: the configuration of the scene that connects. Its
    /// `delegateClass`, or the manifest's `UISceneDelegateClassName`, makes the scene's delegate.
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration
}

extension UIApplicationDelegate {
    public var window: UIWindow? { nil }

    public func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }

    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }

    /// Without an implementation a fetch brings nothing, and the console says why.
    public func application(
        _ application: UIApplication,
        performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        application.reportMissingFetchHandler()
        completionHandler(.noData)
    }

    /// Without an implementation the push brings nothing, and the console says why.
    public func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        application.reportMissingRemoteNotificationHandler()
        completionHandler(.noData)
    }

    /// Without an implementation nothing makes the session again, and the system is told at once
    /// that the app is done.
    public func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        completionHandler()
    }

    public func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {}

    public func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {}

    /// The manifest's configuration for the session.
    public func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        UISceneConfiguration(name: connectingSceneSession.configurationName, sessionRole: connectingSceneSession.role)
    }
}
