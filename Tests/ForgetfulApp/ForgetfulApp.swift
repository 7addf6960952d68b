import BackgroundRuntime

/// A user's app with the classic bug, for the tests of the host (`AppHost`): going to the
/// background it begins a background task named "sync" and never ends it, not even in its
/// expiration handler. Its screen shows how many times it went to the background.
@AppMain
public final class ForgetfulApp: ApplicationDelegate {
    /// Its Info.plist: no background mode.
    public nonisolated static let infoPlist = InfoPlist(bundleName: "Forgetful", bundleIdentifier: "com.example.forgetful")

    let application: Application
    private var backgroundings = 0

    public init(application: Application) {
        self.application = application
    }

    public func applicationDidFinishLaunching(_ application: Application) {
        publish()
    }

    public func applicationDidEnterBackground(_ application: Application) {
        backgroundings += 1
        publish()
        _ = application.beginBackgroundTask(withName: "sync") {}
    }

    private func publish() {
        application.publish(ForgetfulSnapshot(backgroundings: backgroundings), for: .forgetful)
    }
}
