import BackgroundRuntime

/// An app delegate that writes its lifecycle and the protected-data callbacks, with
/// `isProtectedDataAvailable` at each, to an ``AppLog``; its observers of the protected-data
/// notifications write too.
@AppMain
final class ProtectedDataDelegate: ApplicationDelegate {
    let log: AppLog

    init(application: Application, log: AppLog) {
        self.log = log
        application.addObserver(for: .protectedDataWillBecomeUnavailable) { log.append("observer: will become unavailable") }
        application.addObserver(for: .protectedDataDidBecomeAvailable) { log.append("observer: did become available") }
    }

    func applicationWillResignActive(_ application: Application) { log.append("willResignActive") }
    func applicationDidEnterBackground(_ application: Application) { log.append("didEnterBackground") }
    func applicationWillEnterForeground(_ application: Application) { log.append("willEnterForeground") }
    func applicationDidBecomeActive(_ application: Application) { log.append("didBecomeActive") }

    func applicationProtectedDataWillBecomeUnavailable(_ application: Application) {
        log.append("protectedDataWillBecomeUnavailable, available: \(application.isProtectedDataAvailable)")
    }

    func applicationProtectedDataDidBecomeAvailable(_ application: Application) {
        log.append("protectedDataDidBecomeAvailable, available: \(application.isProtectedDataAvailable)")
    }
}
