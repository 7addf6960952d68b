import BackgroundRuntime
import Foundation

/// The app's delegate with UIKit's signatures and isolation (`UIApplicationDelegate`): on the
/// main actor, as UIKit's is, called on the app's main thread at each step of its life, in
/// UIKit's order. Every method has a default; a missing fetch or remote-notification handler is
/// reported on the console, as it is for any delegate.
///
/// Like UIKit's it is `@preconcurrency`: code written before Swift's concurrency checking (in
/// the Swift 5 language mode) builds with the warnings Xcode gives it.
@MainActor @preconcurrency
public protocol UIApplicationDelegate: NSObjectProtocol, Sendable {
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
    /// The app is about to become inactive: a call, the app switcher, or the Home button.
    func applicationWillResignActive(_ application: UIApplication)
    /// The app is in the background: the moment to begin a background task if it needs time.
    func applicationDidEnterBackground(_ application: UIApplication)
    /// The app is coming back to the foreground.
    func applicationWillEnterForeground(_ application: UIApplication)
    /// The app is active again.
    func applicationDidBecomeActive(_ application: UIApplication)
    /// The app is about to end; never called for a suspended app.
    func applicationWillTerminate(_ application: UIApplication)
    /// The device is about to lock: files of complete protection become unreadable shortly.
    func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication)
    /// The device is unlocked: protected files can be read again.
    func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication)
    /// The device is short of memory: free what can be made again.
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
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
    /// Whether UIKit preserves the app's interface as it moves to the background (iOS 13.2): the
    /// view controllers with a `restorationIdentifier`, from the window's root down.
    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool
    /// Whether UIKit restores, between will- and did-finish-launching, the interface preserved
    /// before the system ended the app (iOS 13.2).
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool
    /// iOS 6–13.1's spelling of ``application(_:shouldSaveSecureApplicationState:)``.
    func application(_ application: UIApplication, shouldSaveApplicationState coder: NSCoder) -> Bool
    /// iOS 6–13.1's spelling of ``application(_:shouldRestoreSecureApplicationState:)``.
    func application(_ application: UIApplication, shouldRestoreApplicationState coder: NSCoder) -> Bool
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

    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
    public func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication) {}
    public func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication) {}
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}

    /// Without an implementation a fetch brings nothing, and the console says why.
    public func application(
        _ application: UIApplication,
        performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        AppMain.assumeIsolated { application.launch.reportMissingFetchHandler() }
        completionHandler(.noData)
    }

    /// Without an implementation the push brings nothing, and the console says why.
    public func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        AppMain.assumeIsolated { application.launch.reportMissingRemoteNotificationHandler() }
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

    /// Without an implementation nothing is preserved, as on iOS.
    public func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { false }
    public func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { false }
    public func application(_ application: UIApplication, shouldSaveApplicationState coder: NSCoder) -> Bool { false }
    public func application(_ application: UIApplication, shouldRestoreApplicationState coder: NSCoder) -> Bool { false }

    /// The manifest's configuration for the session.
    public func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        UISceneConfiguration(name: connectingSceneSession.configurationName, sessionRole: connectingSceneSession.role)
    }
}
