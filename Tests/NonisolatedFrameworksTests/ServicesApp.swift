import BackgroundRuntime
import Dispatch

/// The app: at each launch its delegate makes the plain ``BackgroundServices`` and keeps it, as
/// an iOS app delegate keeps such a helper.
final class ServicesApp: ApplicationDelegate {
    let heard: Heard
    /// The queue the services' push and call delegates run on; the main queue when nil.
    let callQueue: DispatchQueue?
    private(set) var services: BackgroundServices?

    init(heard: Heard, callQueue: DispatchQueue?) {
        self.heard = heard
        self.callQueue = callQueue
    }

    func applicationDidFinishLaunching(_ application: Application) {
        services = BackgroundServices(heard: heard, callQueue: callQueue ?? .main)
    }
}
