import BackgroundRuntime
import Foundation

/// A user's app whose own thread counts as fast as it can from launch on, for the tests of
/// `--isolation process`: frozen by the kernel, the thread makes no progress while the app is
/// suspended. At launch it also asks for a VoIP keep-alive handler and logs the answer.
@AppMain
final class SpinnerApp: ApplicationDelegate {
    nonisolated static let infoPlist = InfoPlist(bundleName: "Spinner", bundleIdentifier: "com.example.spinner")

    let application: Application

    init(application: Application) {
        self.application = application
    }

    func applicationDidFinishLaunching(_ application: Application) {
        Thread {
            // At the lowest priority: it proves a point, and the tests beside it need the CPU.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(ThreadUsage.currentThreadID), 19)
            var count = 0
            while true { count &+= 1 }
        }.start()
        application.publish(SpinnerSnapshot(spinning: true), for: .spinner)
        do {
            try application.setKeepAliveTimeout(.seconds(600)) {}
            application.logger.info("Keep-alive handler set")
        } catch {
            application.logger.info("Keep-alive handler refused: \(error)")
        }
    }
}
