import BackgroundRuntime

extension UIApplication {
    /// Registers the app for remote notifications: the delegate hears its device token, or why
    /// not.
    public func registerForRemoteNotifications() {
        AppMain.assumeIsolated { launch.registerForRemoteNotifications() }
    }
}
