import UIKit
import BackgroundTasks

// The register, schedule and handle pattern, adapted from Apple's "Using background tasks to
// update your app" (UIKit documentation), whose listings are those of its sample "Refreshing and
// maintaining your app using background tasks" (ColorFeed): the launch handler registered at
// launch, a refresh request submitted for 15 minutes later when the app leaves the screen and
// again when a refresh runs, and the refresh done by an operation on an OperationQueue, which
// completes the task from the operation's own thread.
//
// Adapted, not as printed. As the article prints them: the `register` call and
// `scheduleAppRefresh()`. What differs, and why — to make the listings a whole app; no line
// differs for Backgrounder's sake:
// - `handleAppRefresh(task:)` starts its operation on `operationQueue`, which the article never
//   declares, and its expiration handler calls `operation.cancel()`. Here, as the sample's own
//   `handleAppRefresh(task:)` does, the handler makes its queue (`let queue = OperationQueue()`,
//   `queue.maxConcurrentOperationCount = 1`), its expiration handler calls
//   `queue.cancelAllOperations()`, and `queue.addOperation(operation)` starts it.
// - `RefreshAppContentsOperation(server: server)`: the article names the operation without
//   writing it (`RefreshAppContentsOperation()`); it is written here, fetching from a `Server`
//   (the sample's `MockServer` stands in for one) where the sample's operations fill Core Data.
// - `applicationDidEnterBackground(_:)` submits the request, as the sample does (the article
//   does not say where); the sample's second task, database cleaning, is left out.
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
