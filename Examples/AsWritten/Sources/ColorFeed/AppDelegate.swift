import UIKit
import BackgroundTasks

// The register, schedule and handle pattern of Apple's sample "Refreshing and maintaining your
// app using background tasks" (ColorFeed), written from its documentation: the launch handler
// registered at launch, a refresh request submitted for 15 minutes later when the app leaves
// the screen and again when a refresh runs, and the refresh done by an operation on an
// OperationQueue, which completes the task from the operation's own thread.
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var server: Server = MockServer()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.apple-samplecode.ColorFeed.refresh", using: nil) { task in
            self.handleAppRefresh(task: task as! BGAppRefreshTask)
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        scheduleAppRefresh()
    }

    func scheduleAppRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: "com.example.apple-samplecode.ColorFeed.refresh")
        // Fetch no earlier than 15 minutes from now.
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)

        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            print("Could not schedule app refresh: \(error)")
        }
    }

    func handleAppRefresh(task: BGAppRefreshTask) {
        // Schedule a new refresh task.
        scheduleAppRefresh()

        // Create an operation that performs the main part of the background task.
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let operation = RefreshAppContentsOperation(server: server)

        // Provide the background task with an expiration handler that cancels the operation.
        task.expirationHandler = {
            queue.cancelAllOperations()
        }

        // Inform the system that the background task is complete
        // when the operation completes.
        operation.completionBlock = {
            task.setTaskCompleted(success: !operation.isCancelled)
        }

        // Start the operation.
        queue.addOperation(operation)
    }
}
