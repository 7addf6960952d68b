import BackgroundRuntime

/// An app delegate that writes every lifecycle call to an ``AppLog`` (`app: …`), makes a
/// ``LoggingSceneDelegate`` for the scene that connects, and observes the app's and the scene's
/// notifications (`UIApplication.…`, `UIScene.…`).
@AppMain
final class SceneAppDelegate: ApplicationDelegate {
    let log: AppLog

    init(application: Application, log: AppLog) {
        self.log = log
        for event in [LifecycleEvent.willResignActive, .didEnterBackground, .willEnterForeground, .didBecomeActive] {
            application.addObserver(for: event) { log.append("UIApplication.\(event.rawValue)") }
        }
        for notification in SceneNotification.allCases {
            application.addObserver(forScene: notification) { log.append("UIScene.\(notification.rawValue)") }
        }
    }

    func applicationDidFinishLaunching(_ application: Application) { log.append("app: didFinishLaunching") }
    func applicationWillResignActive(_ application: Application) { log.append("app: willResignActive") }
    func applicationDidEnterBackground(_ application: Application) { log.append("app: didEnterBackground") }
    func applicationWillEnterForeground(_ application: Application) { log.append("app: willEnterForeground") }
    func applicationDidBecomeActive(_ application: Application) { log.append("app: didBecomeActive") }
    func applicationWillTerminate(_ application: Application) { log.append("app: willTerminate") }

    func application(_ application: Application, delegateForConnecting session: SceneSession) -> (any SceneDelegate)? {
        LoggingSceneDelegate(log: log)
    }

    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
    ) {
        log.append("app: performFetch")
        completionHandler(.newData)
    }
}
