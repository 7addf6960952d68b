import BackgroundRuntime

/// An app whose only object is a ``DownloadQueue``.
@AppMain
final class DownloadApp: ApplicationDelegate {
    let queue: DownloadQueue

    init(application: Application) {
        queue = DownloadQueue(application: application)
    }
}

/// A manual device running ``DownloadApp`` under the rules of iOS `version`.
func makeDownloadDevice(iOS version: Int = 10) -> Device {
    Device(profile: PolicyProfile(iOS: version)!, infoPlist: InfoPlist(), timing: .manual) { application in
        DownloadApp(application: application)
    }
}

extension Device {
    /// Runs `body` with the app's download queue; nil if the app's code cannot run now.
    @discardableResult
    func withQueue<T: Sendable>(_ body: @escaping @AppMain @Sendable (DownloadQueue) -> T) -> T? {
        perform { application in body((application.delegate as! DownloadApp).queue) }
    }
}
