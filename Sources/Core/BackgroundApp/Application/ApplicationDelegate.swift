import BackgroundWire

/// The app's delegate, like `UIApplicationDelegate`: the system calls it on the app's main
/// executor at each step of the lifecycle. Every method has a default that does nothing.
@AppMain
public protocol ApplicationDelegate: AnyObject, Sendable {
    /// The app has launched; `application.launchReason` says why.
    func applicationDidFinishLaunching(_ application: Application)
    /// The app is about to become inactive: a call, the app switcher, or the Home button.
    func applicationWillResignActive(_ application: Application)
    /// The app is in the background: the moment to begin a background task if it needs time.
    func applicationDidEnterBackground(_ application: Application)
    /// The app is coming back to the foreground.
    func applicationWillEnterForeground(_ application: Application)
    /// The app is active again.
    func applicationDidBecomeActive(_ application: Application)
    /// The app is about to end; never called for a suspended app.
    func applicationWillTerminate(_ application: Application)
    /// iOS 13, an app whose Info.plist has a scene manifest: the delegate of the scene that
    /// connects. UIKit makes the class the manifest's `UISceneDelegateClassName` names (or
    /// `application(_:configurationForConnecting:options:)` returns); the runtime makes no class
    /// from its name, so the app makes it here (the UIKit product's `UIApplicationDelegate`
    /// does it as UIKit does). The default is none.
    func application(_ application: Application, delegateForConnecting session: SceneSession) -> (any SceneDelegate)?
    /// The device is about to be locked: files of complete protection the app is using become
    /// unavailable shortly (10 s). Not called for a suspended app.
    func applicationProtectedDataWillBecomeUnavailable(_ application: Application)
    /// The device is unlocked: protected files can be read and written again. Not called for a
    /// suspended app, unless the unlock brings it back on screen.
    func applicationProtectedDataDidBecomeAvailable(_ application: Application)
    /// The device is short of memory and ending suspended apps did not free enough: free caches
    /// and anything that can be loaded again, or the app may be ended next.
    func applicationDidReceiveMemoryWarning(_ application: Application)
    /// The system fetches the app in the background: fetch, then call `completionHandler`
    /// exactly once, within the profile's fetch budget (30 s), with what the fetch brought.
    /// Pass the handler through to the code that fetches; never store it.
    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler: @escaping BackgroundFetchCompletion)
    /// Before iOS 10: a notification was presented while the app was active; no banner showed
    /// (`application(_:didReceive:)` of `UILocalNotification`).
    func application(_ application: Application, didReceiveLocalNotification notification: DeliveredNotification)
    /// From iOS 10: a notification is presented while the app is active; answer whether its
    /// banner shows (`userNotificationCenter(_:willPresent:withCompletionHandler:)`). The default
    /// shows none, as iOS does when the delegate does not implement it.
    func application(_ application: Application, willPresent notification: DeliveredNotification) -> NotificationPresentation
    /// The user chose the notification's action: which one is `notification.action`. Called by
    /// the default ``application(_:didReceive:withCompletionHandler:)``.
    func application(_ application: Application, didReceiveResponseTo notification: DeliveredNotification)
    /// The user chose an action of a notification, `response.actionIdentifier`
    /// (`userNotificationCenter(_:didReceive:withCompletionHandler:)`). Call `completionHandler`
    /// once the action is handled: an action without `.foreground` holds the app in the
    /// background until then, 30 s at most. The default calls
    /// ``application(_:didReceiveResponseTo:)`` and then the handler.
    func application(
        _ application: Application, didReceive response: NotificationResponse,
        withCompletionHandler completionHandler: @escaping @AppMain @Sendable () -> Void)
    /// The app registered for remote notifications: `token` is what its provider sends to.
    func application(_ application: Application, didRegisterForRemoteNotificationsWithDeviceToken token: PushToken)
    /// The app could not be registered for remote notifications.
    func application(_ application: Application, didFailToRegisterForRemoteNotificationsWithError error: PushRegistrationError)
    /// PushKit's VoIP token (`pushRegistry(_:didUpdate:for:)`).
    func application(_ application: Application, didUpdateVoIPPushToken token: PushToken)
    /// A remote notification arrived; for a background push the app runs in the background for
    /// it. Call `completionHandler` once, within about 30 s, with what it brought.
    func application(
        _ application: Application, didReceiveRemoteNotification payload: PushPayload,
        fetchCompletionHandler completionHandler: @escaping BackgroundFetchCompletion)
    /// A PushKit VoIP push arrived (`pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`).
    /// From iOS 13 call ``Application/reportNewIncomingCall(uuid:caller:)`` before `completion`,
    /// or the app is terminated.
    func application(
        _ application: Application, didReceiveIncomingVoIPPushWith payload: PushPayload,
        completion: @escaping @AppMain @Sendable () -> Void)
    /// The user accepted (the app is on screen) or declined the call reported to CallKit
    /// (`CXAnswerCallAction`, `CXEndCallAction`).
    func application(_ application: Application, didAnswer call: IncomingCall, accepted: Bool)
    /// Background session `identifier`'s transfers have ended while the app was suspended or not
    /// running (`application(_:handleEventsForBackgroundURLSession:completionHandler:)`): make the
    /// session again with the same identifier (if this launch has not), keep `completionHandler`,
    /// and call it once the session's delegate hears urlSessionDidFinishEvents.
    func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @AppMain @Sendable () -> Void)
}

extension ApplicationDelegate {
    public func application(_ application: Application, didReceiveLocalNotification notification: DeliveredNotification) {}
    public func application(_ application: Application, willPresent notification: DeliveredNotification) -> NotificationPresentation {
        .none
    }
    public func application(_ application: Application, didReceiveResponseTo notification: DeliveredNotification) {}
    public func application(
        _ application: Application, didReceive response: NotificationResponse,
        withCompletionHandler completionHandler: @escaping @AppMain @Sendable () -> Void
    ) {
        self.application(application, didReceiveResponseTo: response.notification)
        completionHandler()
    }
    public func application(_ application: Application, didRegisterForRemoteNotificationsWithDeviceToken token: PushToken) {}
    public func application(_ application: Application, didFailToRegisterForRemoteNotificationsWithError error: PushRegistrationError) {}
    public func application(_ application: Application, didUpdateVoIPPushToken token: PushToken) {}
    public func application(_ application: Application, didAnswer call: IncomingCall, accepted: Bool) {}
    /// Without an implementation nothing makes the session again: its events wait for the next
    /// launch that does, and the system is told at once that the app is done.
    public func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @AppMain @Sendable () -> Void
    ) {
        completionHandler()
    }
    /// Without an implementation the push brings nothing, and the console says why.
    public func application(
        _ application: Application, didReceiveRemoteNotification payload: PushPayload,
        fetchCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
    ) {
        application.reportMissingRemoteNotificationHandler()
        completionHandler(.noData)
    }
    /// Without an implementation the push reports no call: from iOS 13 the app is terminated.
    public func application(
        _ application: Application, didReceiveIncomingVoIPPushWith payload: PushPayload,
        completion: @escaping @AppMain @Sendable () -> Void
    ) {
        completion()
    }
    public func applicationDidFinishLaunching(_ application: Application) {}
    public func applicationWillResignActive(_ application: Application) {}
    public func applicationDidEnterBackground(_ application: Application) {}
    public func applicationWillEnterForeground(_ application: Application) {}
    public func applicationDidBecomeActive(_ application: Application) {}
    public func applicationWillTerminate(_ application: Application) {}
    public func application(_ application: Application, delegateForConnecting session: SceneSession) -> (any SceneDelegate)? {
        nil
    }
    public func applicationProtectedDataWillBecomeUnavailable(_ application: Application) {}
    public func applicationProtectedDataDidBecomeAvailable(_ application: Application) {}
    public func applicationDidReceiveMemoryWarning(_ application: Application) {}
    /// Without an implementation a fetch brings nothing, and the console says why.
    public func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
    ) {
        application.reportMissingFetchHandler()
        completionHandler(.noData)
    }
}
