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
}

extension ApplicationDelegate {
    public func applicationDidFinishLaunching(_ application: Application) {}
    public func applicationWillResignActive(_ application: Application) {}
    public func applicationDidEnterBackground(_ application: Application) {}
    public func applicationWillEnterForeground(_ application: Application) {}
    public func applicationDidBecomeActive(_ application: Application) {}
    public func applicationWillTerminate(_ application: Application) {}
}
