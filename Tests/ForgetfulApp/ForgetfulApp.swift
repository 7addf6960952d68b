import BackgroundRuntime
import Foundation

/// A user's app with the classic bug, for the tests of the host (`AppHost`): going to the
/// background it begins a background task named "sync" and never ends it, not even in its
/// expiration handler. Its screen shows how many times it went to the background. With
/// `FORGETFUL_ENDS_LATE` set it has the bug's cousin instead: its expiration handler leaves
/// the end to a timer, which fires half a second after the handler returned.
@AppMain
public final class ForgetfulApp: ApplicationDelegate {
    /// Its Info.plist: no background mode.
    public nonisolated static let infoPlist = InfoPlist(bundleName: "Forgetful", bundleIdentifier: "com.example.forgetful")

    let application: Application
    private var backgroundings = 0
    private var sync = BackgroundTaskIdentifier.invalid

    public init(application: Application) {
        self.application = application
    }

    public func applicationDidFinishLaunching(_ application: Application) {
        publish()
    }

    public func applicationDidEnterBackground(_ application: Application) {
        backgroundings += 1
        publish()
        guard ProcessInfo.processInfo.environment["FORGETFUL_ENDS_LATE"] != nil else {
            _ = application.beginBackgroundTask(withName: "sync") {}
            return
        }
        sync = application.beginBackgroundTask(withName: "sync") { [weak self] in
            _ = application.scheduledTimer(withTimeInterval: .milliseconds(500), repeats: false) { _ in self?.endSync() }
        }
    }

    private func endSync() {
        application.endBackgroundTask(sync)
    }

    private func publish() {
        application.publish(ForgetfulSnapshot(backgroundings: backgroundings), for: .forgetful)
    }
}
