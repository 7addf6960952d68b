import BackgroundRuntime

extension UIApplication {
    /// Posted on `NotificationCenter.default` after `application(_:didFinishLaunchingWithOptions:)`.
    public nonisolated static let didFinishLaunchingNotification = LifecycleEvent.didFinishLaunching.notificationName
    /// Posted after `applicationWillResignActive(_:)`.
    public nonisolated static let willResignActiveNotification = LifecycleEvent.willResignActive.notificationName
    /// Posted after `applicationDidEnterBackground(_:)`.
    public nonisolated static let didEnterBackgroundNotification = LifecycleEvent.didEnterBackground.notificationName
    /// Posted after `applicationWillEnterForeground(_:)`.
    public nonisolated static let willEnterForegroundNotification = LifecycleEvent.willEnterForeground.notificationName
    /// Posted after `applicationDidBecomeActive(_:)`.
    public nonisolated static let didBecomeActiveNotification = LifecycleEvent.didBecomeActive.notificationName
    /// Posted after `applicationWillTerminate(_:)`; never for a suspended app.
    public nonisolated static let willTerminateNotification = LifecycleEvent.willTerminate.notificationName
    /// Posted when the user turns Background App Refresh on or off.
    public nonisolated static let backgroundRefreshStatusDidChangeNotification =
        SystemNotification.backgroundRefreshStatusDidChange.notificationName
    /// Posted before the device locks: files of complete protection become unreadable shortly.
    public nonisolated static let protectedDataWillBecomeUnavailableNotification =
        SystemNotification.protectedDataWillBecomeUnavailable.notificationName
    /// Posted after the device is unlocked.
    public nonisolated static let protectedDataDidBecomeAvailableNotification =
        SystemNotification.protectedDataDidBecomeAvailable.notificationName
    /// Posted when the device is short of memory.
    public nonisolated static let didReceiveMemoryWarningNotification = SystemNotification.didReceiveMemoryWarning.notificationName
}
