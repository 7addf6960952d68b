import BackgroundRuntime

/// An app delegate that writes each callback, with the state the app sees, to an ``AppLog``.
@AppMain
final class RecordingDelegate: ApplicationDelegate {
    let log: AppLog

    init(log: AppLog) {
        self.log = log
    }

    func applicationDidFinishLaunching(_ application: Application) {
        log.append("didFinishLaunching(\(application.launchReason.rawValue)) \(application.applicationState.rawValue)")
    }

    func applicationWillResignActive(_ application: Application) {
        log.append("willResignActive \(application.applicationState.rawValue)")
    }

    func applicationDidEnterBackground(_ application: Application) {
        log.append("didEnterBackground \(application.applicationState.rawValue)")
    }

    func applicationWillEnterForeground(_ application: Application) {
        log.append("willEnterForeground \(application.applicationState.rawValue)")
    }

    func applicationDidBecomeActive(_ application: Application) {
        log.append("didBecomeActive \(application.applicationState.rawValue)")
    }

    func applicationWillTerminate(_ application: Application) {
        log.append("willTerminate \(application.applicationState.rawValue)")
    }
}
