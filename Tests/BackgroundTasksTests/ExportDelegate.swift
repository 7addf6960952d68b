import BackgroundTasks
import UIKit

/// An app delegate in Apple's spelling that exports on the user's tap as a continued processing
/// task (iOS 26), reporting its progress and title from a thread of its own.
final class ExportDelegate: UIResponder, UIApplicationDelegate {
    nonisolated static let exports = "com.example.spelled.export.*"

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.exports, using: nil) { task in
            guard let task = task as? BGContinuedProcessingTask else { return }
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            Thread.detachNewThread {
                task.progress.totalUnitCount = 4
                task.progress.completedUnitCount = 1
                task.updateTitle("Exporting", subtitle: "1 of 4 photos")
            }
        }
        return true
    }

    /// The user's tap: the export of `name`.
    func export(_ name: String) throws {
        let request = BGContinuedProcessingTaskRequest(
            identifier: "com.example.spelled.export.\(name)", title: "Export", subtitle: "Starting")
        request.strategy = .fail
        try BGTaskScheduler.shared.submit(request)
    }
}
