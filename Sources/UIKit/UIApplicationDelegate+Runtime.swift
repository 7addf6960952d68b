import BackgroundRuntime

/// How the runtime's calls reach a delegate written in UIKit's spelling: each
/// ``ApplicationDelegate`` method whose types differ from UIKit's calls the UIKit-spelled one.
/// The three whose closures differ only in isolation and sendability come through
/// ``ApplicationDelegateRelay``, under names of their own.
extension UIApplicationDelegate {
    /// `applicationDidFinishLaunching(_:)` as UIKit runs it: will-finish, then did-finish, with
    /// the launch's options, then the window made key and visible.
    public func applicationDidFinishLaunching(_ application: Application) {
        let options = application.launchOptions
        _ = self.application(application, willFinishLaunchingWithOptions: options)
        _ = self.application(application, didFinishLaunchingWithOptions: options)
        window?.makeKeyAndVisible()
    }

    public func relayFetch(_ application: Application, completionHandler: @escaping BackgroundFetchCompletion) {
        self.application(application, performFetchWithCompletionHandler: { completionHandler($0) })
    }

    public func relayRemoteNotification(
        _ application: Application, payload: PushPayload, completionHandler: @escaping BackgroundFetchCompletion
    ) {
        self.application(application, didReceiveRemoteNotification: payload.dictionary, fetchCompletionHandler: { completionHandler($0) })
    }

    public func relayBackgroundURLSessionEvents(
        _ application: Application, identifier: String, completionHandler: @escaping @AppMain @Sendable () -> Void
    ) {
        self.application(application, handleEventsForBackgroundURLSession: identifier, completionHandler: { completionHandler() })
    }

    /// The scene's delegate as UIKit makes it: an instance of the configuration's
    /// `delegateClass`, or else of the class the manifest's `UISceneDelegateClassName` names by
    /// its module-qualified name (`Sync.SceneDelegate`, as Xcode expands
    /// `$(PRODUCT_MODULE_NAME).SceneDelegate`). A name that finds no `UIResponder` that is a
    /// `UISceneDelegate` leaves the scene without a delegate, as on iOS, and the console says so.
    public func application(_ application: Application, delegateForConnecting session: SceneSession) -> (any SceneDelegate)? {
        let configuration = self.application(application, configurationForConnecting: session, options: UIScene.ConnectionOptions())
        let named = session.delegateClassName
        guard let delegateClass = configuration.delegateClass ?? named.flatMap({ _typeByName($0) as? AnyClass }),
            let delegate = (delegateClass as? UIResponder.Type)?.init() as? any UISceneDelegate
        else {
            if let named {
                application.logger.info(
                    "Scene: UISceneDelegateClassName \"\(named)\" names no UIResponder that is a UISceneDelegate; the scene has no delegate")
            }
            return nil
        }
        return delegate
    }

    public func application(_ application: Application, didRegisterForRemoteNotificationsWithDeviceToken token: PushToken) {
        self.application(application, didRegisterForRemoteNotificationsWithDeviceToken: token.bytes)
    }

    public func application(_ application: Application, didFailToRegisterForRemoteNotificationsWithError error: PushRegistrationError) {
        let error: any Error = error
        self.application(application, didFailToRegisterForRemoteNotificationsWithError: error)
    }
}
