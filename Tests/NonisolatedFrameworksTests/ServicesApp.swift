import BackgroundRuntime

/// The app: at each launch its delegate makes the plain ``BackgroundServices`` and keeps it, as
/// an iOS app delegate keeps such a helper.
final class ServicesApp: ApplicationDelegate {
    let heard: Heard
    private(set) var services: BackgroundServices?

    init(heard: Heard) {
        self.heard = heard
    }

    func applicationDidFinishLaunching(_ application: Application) {
        services = BackgroundServices(heard: heard)
    }
}
