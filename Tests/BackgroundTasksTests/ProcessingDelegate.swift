import BackgroundTasks
import UIKit

/// An app delegate in Apple's spelling that registers a processing task at launch and, leaving
/// the screen, asks for it on external power.
final class ProcessingDelegate: UIResponder, UIApplicationDelegate {
    nonisolated static let cleanup = "com.example.spelled.cleanup"

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.cleanup, using: nil) { task in
            print("Cleaning up in a \(type(of: task))")
            task.setTaskCompleted(success: true)
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        let request = BGProcessingTaskRequest(identifier: Self.cleanup)
        request.requiresExternalPower = true
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            print("Could not schedule the cleanup: \(error)")
        }
    }
}
