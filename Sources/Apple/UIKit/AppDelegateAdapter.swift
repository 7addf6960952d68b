import BackgroundRuntime
import Foundation

/// How the runtime's calls reach an app delegate written in UIKit's spelling: the runtime's
/// ``ApplicationDelegate``, on the app's main executor — whose jobs run on the main queue —
/// calling the `@MainActor` delegate with the launch's ``UIApplication`` and UIKit's types, in
/// UIKit's order. Completion handlers the delegate gets may be called from any thread, as
/// UIKit's may; the call reaches the system on the app's main executor.
final class AppDelegateAdapter: ApplicationDelegate {
    /// The app's delegate.
    nonisolated let delegate: any UIApplicationDelegate

    init(delegate: any UIApplicationDelegate) {
        self.delegate = delegate
    }

    /// The runtime's factory of a launch's delegate, for a device or a host: the delegate
    /// `makeDelegate` makes on the main actor, behind an adapter.
    nonisolated static func factory(
        _ makeDelegate: @escaping @MainActor @Sendable () -> any UIApplicationDelegate
    ) -> @AppMain @Sendable (Application) -> any ApplicationDelegate {
        { _ in AppDelegateAdapter(delegate: MainActor.assumeIsolated { makeDelegate() }) }
    }

    /// Calls the delegate on the main actor, where the app's job already runs.
    private func forward<T: Sendable>(_ application: Application, _ call: @MainActor (any UIApplicationDelegate, UIApplication) -> T) -> T {
        let uiApplication = UIApplication.of(application)
        return MainActor.assumeIsolated { call(delegate, uiApplication) }
    }

    /// Launching as UIKit runs it: will-finish, then the interface the app preserved before the
    /// system ended it, restored if the delegate agrees, then did-finish, with the launch's
    /// options, then the window made key and visible.
    func applicationDidFinishLaunching(_ application: Application) {
        application.notificationObject = UIApplication.of(application)
        // An app with scenes gets its state back through its scene's session.
        let preserved = application.usesScenes ? nil : application.restoredState
        let restored = forward(application) { delegate, application -> [String]? in
            let options = application.launchOptions
            _ = delegate.application(application, willFinishLaunchingWithOptions: options)
            let restored = preserved.flatMap { InterfaceRestoration.restore($0, into: delegate, of: application) }
            _ = delegate.application(application, didFinishLaunchingWithOptions: options)
            delegate.window?.makeKeyAndVisible()
            return restored?.compactMap(\.restorationIdentifier)
        }
        guard preserved != nil else { return }
        guard let restored else {
            return application.logger.info("State restoration: the app delegate declined to restore (shouldRestoreSecureApplicationState)")
        }
        let path = restored.isEmpty ? "no view controller" : restored.joined(separator: " ▸ ")
        application.logger.info("State restoration: UIKit restored \(path)")
    }

    func applicationWillResignActive(_ application: Application) { forward(application) { $0.applicationWillResignActive($1) } }
    /// The app is in the background; then UIKit preserves its interface if the delegate opts in.
    func applicationDidEnterBackground(_ application: Application) {
        let archive = forward(application) { delegate, application in
            delegate.applicationDidEnterBackground(application)
            return InterfaceRestoration.preserve(delegate, of: application)
        }
        if let archive { application.preserveState(archive) }
    }

    func applicationWillEnterForeground(_ application: Application) { forward(application) { $0.applicationWillEnterForeground($1) } }
    func applicationDidBecomeActive(_ application: Application) { forward(application) { $0.applicationDidBecomeActive($1) } }
    func applicationWillTerminate(_ application: Application) { forward(application) { $0.applicationWillTerminate($1) } }

    func applicationProtectedDataWillBecomeUnavailable(_ application: Application) {
        forward(application) { $0.applicationProtectedDataWillBecomeUnavailable($1) }
    }

    func applicationProtectedDataDidBecomeAvailable(_ application: Application) {
        forward(application) { $0.applicationProtectedDataDidBecomeAvailable($1) }
    }

    func applicationDidReceiveMemoryWarning(_ application: Application) {
        forward(application) { $0.applicationDidReceiveMemoryWarning($1) }
    }

    func application(_ application: Application, performFetchWithCompletionHandler completionHandler: @escaping BackgroundFetchCompletion) {
        forward(application) { delegate, uiApplication in
            delegate.application(uiApplication, performFetchWithCompletionHandler: { result in
                application.onMain { completionHandler(result) }
            })
        }
    }

    func application(
        _ application: Application, didReceiveRemoteNotification payload: PushPayload,
        fetchCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
    ) {
        forward(application) { delegate, uiApplication in
            delegate.application(uiApplication, didReceiveRemoteNotification: payload.dictionary, fetchCompletionHandler: { result in
                application.onMain { completionHandler(result) }
            })
        }
    }

    func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @AppMain @Sendable () -> Void
    ) {
        forward(application) { delegate, uiApplication in
            delegate.application(uiApplication, handleEventsForBackgroundURLSession: identifier, completionHandler: {
                application.onMain { completionHandler() }
            })
        }
    }

    func application(_ application: Application, didRegisterForRemoteNotificationsWithDeviceToken token: PushToken) {
        forward(application) { $0.application($1, didRegisterForRemoteNotificationsWithDeviceToken: token.bytes) }
    }

    func application(_ application: Application, didFailToRegisterForRemoteNotificationsWithError error: PushRegistrationError) {
        forward(application) { $0.application($1, didFailToRegisterForRemoteNotificationsWithError: error) }
    }

    /// The scene's delegate as UIKit makes it: an instance of the configuration's
    /// `delegateClass`, or else of the class the manifest's `UISceneDelegateClassName` names by
    /// its module-qualified name (`Sync.SceneDelegate`, as Xcode expands
    /// `$(PRODUCT_MODULE_NAME).SceneDelegate`). A name that finds no `UIResponder` that is a
    /// `UISceneDelegate` leaves the scene without a delegate, as on iOS, and the console says so.
    func application(_ application: Application, delegateForConnecting session: SceneSession) -> (any SceneDelegate)? {
        let made: (any UISceneDelegate)? = forward(application) { delegate, uiApplication in
            let configuration = delegate.application(
                uiApplication, configurationForConnecting: session, options: UIScene.ConnectionOptions())
            let named: AnyClass? = session.delegateClassName.flatMap { _typeByName($0) as? AnyClass }
            guard let delegateClass = configuration.delegateClass ?? named else { return nil }
            return (delegateClass as? UIResponder.Type)?.init() as? any UISceneDelegate
        }
        guard let made else {
            if let named = session.delegateClassName {
                application.logger.info(
                    "Scene: UISceneDelegateClassName \"\(named)\" names no UIResponder that is a UISceneDelegate; the scene has no delegate")
            }
            return nil
        }
        return SceneDelegateAdapter(delegate: made)
    }
}
